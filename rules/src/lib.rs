//! Rules the server and the payment page must apply identically, in one place: card numbers
//! (Luhn, length, scheme), expiry, CVV, card-holder names, and amounts in major units with
//! digit grouping. Pure functions with no dependencies, so the browser bundle can carry them.

pub mod amount;
pub mod card;
