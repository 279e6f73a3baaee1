//! Bank lists (endpoint 9 and decisions.md §6) and the editable catalogue.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, spawn_app};

fn symbols(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|b| b["symbol"].as_str().unwrap().to_string()).collect()
}

async fn bank_lists_follow_the_record_and_the_filters(backend: Backend) {
    let app = spawn_app(backend).await;
    let general = json!({"project_id": app.key.project_id});
    let (status, all) = app.call("/api/v1/bank/all", &json!({"general": general})).await;
    assert_eq!(status, 200);
    let sber = all.as_array().unwrap().iter().find(|b| b["symbol"] == "sberbank").unwrap();
    assert_eq!(sber["sbp_code"], "100000000111");
    assert_eq!((sber["is_sbp_bank"].as_bool(), sber["country_code"].as_str()), (Some(true), Some("RU")));
    assert!(sber["id"].as_str().unwrap().len() <= 32 && sber["name"].is_string());
    let countries: std::collections::BTreeSet<&str> =
        all.as_array().unwrap().iter().map(|b| b["country_code"].as_str().unwrap()).collect();
    assert_eq!(countries.len(), 10, "{countries:?}");

    let (_, kzt) =
        app.call("/api/v1/payment/p2p/bank/all", &json!({"general": general, "payment": {"currency": "KZT"}})).await;
    assert!(symbols(&kzt).contains(&"kaspi".to_string()));
    assert!(kzt.as_array().unwrap().iter().all(|b| b["country_code"] == "KZ"), "{kzt}");

    let (_, available) = app.call("/api/v1/payment/p2p/bank/available", &json!({"general": general})).await;
    assert_eq!(available, json!([]), "no requisites yet");
    app.add_ru_card("5536913812345672").await;
    let (_, available) = app
        .call("/api/v1/payment/p2p/bank/available", &json!({"general": general, "payment": {"method": "card-p2p"}}))
        .await;
    assert_eq!(symbols(&available), ["sberbank"]);
    let (_, none) = app
        .call("/api/v1/payment/p2p/bank/available", &json!({"general": general, "payment": {"method": "sbp-p2p"}}))
        .await;
    assert_eq!(none, json!([]));
    let (status, err) = app
        .call("/api/v1/payment/p2p/bank/available", &json!({"general": general, "payment": {"method": "teleport"}}))
        .await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("payment.method")));
}

async fn operators_edit_the_catalogue(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, bank) = app.operator("/api/v1/operator/banks", &json!({"symbol": "new-bank", "name": "New Bank", "country_code": "RU", "sbp_code": "100000000999", "is_sbp_bank": true})).await;
    assert_eq!(status, 200, "{bank}");
    assert_eq!(bank["id"], "ru-new-bank");
    let mut body = crate::helpers::ru_card_payin(&app.key.project_id, "nb", 100);
    body["payment"]["bank_symbol"] = json!("new-bank");
    assert_eq!(app.call("/api/v1/payment/p2p/payin", &body).await.0, 200, "a new bank is usable at once");
    let (status, _) = app
        .operator(
            "/api/v1/operator/banks",
            &json!({"symbol": "new-bank", "name": "New Bank", "country_code": "RU", "active": false}),
        )
        .await;
    assert_eq!(status, 200);
    body["general"]["payment_id"] = json!("nb2");
    let (status, err) = app.call("/api/v1/payment/p2p/payin", &body).await;
    assert_eq!(
        (status, err["errors"][0]["field"].as_str()),
        (400, Some("payment.bank_symbol")),
        "a disabled bank is unknown"
    );
    let (status, err) = app
        .operator(
            "/api/v1/operator/banks",
            &json!({"symbol": "Bad Symbol", "name": "", "country_code": "XX", "sbp_code": "12"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(err["errors"].as_array().unwrap().len(), 4, "{err}");

    // Both changes are audited with what the bank was and became; the refused one is not.
    let query = kassa::domain::audit::AuditQuery {
        subject: Some((kassa::domain::audit::Subject::Bank, "new-bank".into())),
        before_id: None,
        limit: 10,
    };
    let log = app.stores.audit.audit(&query).await.unwrap();
    let steps: Vec<_> = log.iter().rev().map(|a| (a.actor.as_str(), a.action.as_str())).collect();
    assert_eq!(steps, [("operator-api", "bank_added"), ("operator-api", "bank_changed")]);
    assert_eq!(log[0].state_before.as_deref(), Some("New Bank (RU, SBP 100000000999, active)"));
    assert_eq!(log[0].state_after.as_deref(), Some("New Bank (RU, SBP -, inactive)"));
}

both_backends!(bank_lists_follow_the_record_and_the_filters, operators_edit_the_catalogue);
