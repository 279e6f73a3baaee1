//! Create requests of every endpoint (p2p, e-commerce, widget, payout): any body is either a
//! validated draft or a list of field errors, never a panic, and a refused field is named.
#![no_main]

use kassa::crypto::fingerprint::Fingerprint;
use kassa::http::api::payin::draft;
use kassa::http::api::{ecom, p2p, payout, widget};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(body) = serde_json::from_slice::<serde_json::Value>(data) else { return };
    let fingerprint = Fingerprint { keyed: "k1:x".into(), legacy: "legacy:y".into() };
    let loopback = data.len() % 2 == 0;
    if let Ok(r) = serde_json::from_value::<p2p::P2pPayinRequest>(body.clone()) {
        check(draft(r.input(), &fingerprint, loopback).violations.iter().map(|v| v.field.clone()).collect());
    }
    if let Ok(r) = serde_json::from_value::<ecom::EcomPayinRequest>(body.clone()) {
        check(draft(r.input(), &fingerprint, loopback).violations.iter().map(|v| v.field.clone()).collect());
    }
    if let Ok(r) = serde_json::from_value::<widget::WidgetPayinRequest>(body.clone()) {
        check(draft(r.input(), &fingerprint, loopback).violations.iter().map(|v| v.field.clone()).collect());
    }
    if let Ok(r) = serde_json::from_value::<payout::PayoutRequest>(body) {
        let _ = payout::draft(&r, &fingerprint, loopback);
    }
});

/// Every error names a field of the request, by its dotted path.
fn check(fields: Vec<String>) {
    for field in fields {
        assert!(!field.is_empty() && !field.starts_with('.') && !field.ends_with('.'), "{field:?}");
    }
}
