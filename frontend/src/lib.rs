//! The card rules for the browser: the functions the server checks card forms with
//! (`kassa_rules::card`), exported to the payment page's script (`public/page.js`). No
//! framework, so the module stays a few kilobytes.
use kassa_rules::card::{self, Scheme};
use wasm_bindgen::prelude::wasm_bindgen;

/// The message key of what is wrong with a typed card number, if anything.
#[wasm_bindgen]
pub fn pan_problem(typed: &str) -> Option<String> {
    card::pan_problem(typed).map(str::to_string)
}

/// The message key of what is wrong with a typed `MM/YY` expiry, if anything.
#[wasm_bindgen]
pub fn expiry_problem(typed: &str, now_year: i32, now_month: i32) -> Option<String> {
    card::expiry_problem(typed, now_year.into(), now_month.into()).map(str::to_string)
}

/// The message key of what is wrong with a typed card holder name, if anything.
#[wasm_bindgen]
pub fn holder_problem(typed: &str) -> Option<String> {
    card::holder_problem(typed).map(str::to_string)
}

/// The message key of what is wrong with a security code for this card number, if anything.
#[wasm_bindgen]
pub fn cvv_problem(cvv: &str, typed_pan: &str) -> Option<String> {
    card::cvv_problem(cvv, typed_pan).map(str::to_string)
}

/// A typed card number grouped the way its scheme prints it.
#[wasm_bindgen]
pub fn group(typed: &str) -> String {
    card::group(typed)
}

/// The longest security code this card number's scheme has (4 while the scheme is unknown).
#[wasm_bindgen]
pub fn cvv_max_length(typed_pan: &str) -> u32 {
    match Scheme::detect(&card::strip_separators(typed_pan)) {
        Scheme::Unknown => 4,
        scheme => scheme.cvv_length() as u32,
    }
}
