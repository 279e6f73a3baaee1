//! The domain: payments, their state machine, the country/method catalogue, requisites
//! selection and anti-fraud. Nothing here knows HTTP or SQL.

pub mod antifraud;
pub mod banks;
pub mod catalogue;
pub mod payment;
pub mod payments;
pub mod project;
pub mod requisites;
pub mod rules;
pub mod state_machine;
pub mod time;
