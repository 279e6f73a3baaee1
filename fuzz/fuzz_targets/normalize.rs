//! The signed form of a body (decisions.md §2): for any JSON the fast walker gives exactly what
//! the plain definition gives.
#![no_main]

use kassa::crypto::normalize::{normalize, reference};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        assert_eq!(normalize(&value), reference(&value));
    }
});
