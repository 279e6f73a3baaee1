//! The payment page's card form as a browser (or anything else) posts it: any urlencoded body
//! is read or refused field by field, never a panic, and a refused field is one of the form's.
#![no_main]

use std::collections::HashMap;

use kassa::http::page::card::parse_card_form;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(form) = serde_urlencoded::from_bytes::<HashMap<String, String>>(data) else { return };
    let (year, month) = (2026 + (data.len() % 5) as i64, 1 + (data.len() % 12) as i64);
    match parse_card_form(&form, year, month) {
        Ok(card) => {
            assert!((1..=12).contains(&card.month), "{}", card.month);
            assert!(card.year >= year, "an expired card is refused");
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            for (field, _) in errors {
                assert!(["pan", "expiry", "holder", "cvv"].contains(&field.as_str()), "{field}");
            }
        }
    }
});
