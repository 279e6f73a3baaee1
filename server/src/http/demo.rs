//! The demo shop at `/` (demo mode): a newcomer picks a country, a method and an amount and is
//! sent to a fresh `form_url`. The shop signs its widget request on the server and calls the
//! API over HTTP, exactly as a merchant's server would.

use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer;
use serde_json::{Value, json};

use crate::crypto::normalize;
use crate::demo::DemoShop;
use crate::domain::catalogue::{self, Currency};
use crate::http::AppState;
use crate::http::page::shell::{LangQuery, page_context};
use crate::http::shared::html::{html_response, new_nonce, with_csrf_cookie};
use crate::i18n::choose_language;
use app::model::ShopView;

pub fn router() -> Router<AppState> {
    Router::new().route("/", get(shop)).route("/demo/checkout", post(checkout))
}

fn options(state: &AppState, lang: &str) -> Vec<(String, String)> {
    let i18n = state.locales.i18n(lang);
    let method = |code: &str| i18n.0.text(&format!("method-{code}"), &[]);
    let choose = i18n.0.text("shop-any-method", &[]);
    let mut out = Vec::new();
    for row in catalogue::H2C {
        let label = format!("{} · {}", row.country, row.currency);
        if row.methods.len() > 1 && row.required_method.is_none() {
            out.push((format!("{}|", row.currency), format!("{label} — {choose}")));
        }
        for m in row.methods {
            out.push((format!("{}|{}", row.currency, m.code()), format!("{label} — {}", method(m.code()))));
        }
    }
    for row in catalogue::H2C_ECOM {
        out.push((
            format!("{}|payin-ecom-card", row.currency),
            format!("{} · {} — {}", row.country, row.currency, method("payin-ecom-card")),
        ));
    }
    out
}

/// The CSRF scope of the demo shop's form.
const SHOP_SCOPE: &str = "demo-shop";

async fn render(
    state: &AppState,
    headers: &HeaderMap,
    query_lang: Option<&str>,
    error: Option<(String, Option<String>)>,
) -> Response {
    let lang =
        choose_language(query_lang, None, None, headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()));
    let nonce = new_nonce();
    let ctx = page_context(state, lang, "/", nonce.clone(), None);
    let status = if error.is_some() { StatusCode::BAD_REQUEST } else { StatusCode::OK };
    let cookie = state.csrf.cookie(headers);
    let view = ShopView { csrf: state.csrf.token(&cookie.value, SHOP_SCOPE), options: options(state, lang), error };
    let html = app::document::render_shop(ctx, state.locales.i18n(lang), view);
    with_csrf_cookie(html_response(status, html, &nonce, lang, &[]), &cookie)
}

async fn shop(State(state): State<AppState>, Query(q): Query<LangQuery>, headers: HeaderMap) -> Response {
    if state.demo.is_none() {
        return Json(json!({"service": "kassa", "openapi": "/api/v1/openapi.json", "health": "/healthz"}))
            .into_response();
    }
    render(&state, &headers, q.lang.as_deref(), None).await
}

/// Major units typed by a person (`1500`, `1 500,50`, `1500.5`) to minor units.
fn parse_amount(text: &str, currency: Currency) -> Option<i64> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).map(|c| if c == ',' { '.' } else { c }).collect();
    let (int, frac) = cleaned.split_once('.').unwrap_or((&cleaned, ""));
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > currency.digits as usize
    {
        return None;
    }
    let scale = 10i64.pow(currency.digits as u32);
    let frac_value = if frac.is_empty() {
        0
    } else {
        frac.parse::<i64>().ok()? * 10i64.pow((currency.digits as usize - frac.len()) as u32)
    };
    int.parse::<i64>().ok()?.checked_mul(scale)?.checked_add(frac_value).filter(|v| *v > 0)
}

/// Posts the shop's signed widget create request, as a merchant's server does; its answer, if
/// there was one.
async fn create_widget_payin(state: &AppState, shop: &DemoShop, body: &Value) -> Option<Value> {
    let timestamp = (crate::domain::time::now_ms() / 1000).to_string();
    let signature: p256::ecdsa::DerSignature =
        shop.signing_key.sign(&normalize::digest(&normalize::message(body, &timestamp)));
    let response = state
        .http_client
        .post(format!("{}/api/v1/widget/payin", state.local_url))
        .header("content-type", "application/json")
        .header("x-access-timestamp", &timestamp)
        .header("x-access-merchant-id", &shop.merchant_id)
        .header("x-access-token", &shop.token)
        .header("x-access-signature", URL_SAFE_NO_PAD.encode(signature.as_bytes()))
        .body(body.to_string())
        .send()
        .await;
    match response {
        Ok(r) => r.json().await.ok(),
        Err(e) => {
            tracing::warn!(error = %e, "demo shop could not reach the API");
            None
        }
    }
}

/// What the API said when it refused the order, as one sentence.
fn refusal_said(answer: &Value) -> String {
    let details: Vec<String> = answer["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| Some(format!("{}: {}", e["field"].as_str()?, e["message"].as_str()?)))
        .collect();
    let said = answer["status_description"].as_str().unwrap_or("Error");
    if details.is_empty() { format!("{said}.") } else { format!("{said}: {}.", details.join("; ")) }
}

async fn checkout(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(shop) = state.demo.clone() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if !state.csrf.verify(&headers, SHOP_SCOPE, form.get("csrf").map(String::as_str)) {
        return Redirect::to("/").into_response();
    }
    let lang = choose_language(None, None, None, headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()));
    let choice = form.get("choice").cloned().unwrap_or_default();
    let (currency_code, method) = choice.split_once('|').unwrap_or(("", ""));
    let Some(currency) = Currency::parse(currency_code) else {
        return render(&state, &headers, None, Some(("shop-error-choice".into(), None))).await;
    };
    let Some(amount) = form.get("amount").and_then(|a| parse_amount(a, currency)) else {
        return render(&state, &headers, None, Some(("shop-error-amount".into(), None))).await;
    };
    let country =
        catalogue::H2C.iter().chain(catalogue::H2C_ECOM).find(|r| r.currency == currency_code).map(|r| r.country);
    let mut body = json!({
        "general": {"project_id": shop.project_id, "payment_id": format!("demo-{}", uuid::Uuid::new_v4().simple())},
        "payment": {"amount": amount, "currency": currency_code, "description": "Kassa demo shop order"},
        "customer": {"id": "demo-customer", "ip_address": "127.0.0.1", "country": country.map(|c| c.code()).unwrap_or("RU"),
                     "email": "demo@example.com", "language": lang}
    });
    if !method.is_empty() {
        body["payment"]["widget_method"] = json!(method);
    }
    let back = format!("{}/", state.public_url);
    if crate::domain::rules::check_https_url(&back, 2048, state.config.allow_private_callbacks).is_ok() {
        body["general"]["redirect_url"] = json!(back);
    }
    let answer = create_widget_payin(&state, &shop, &body).await;
    match answer.as_ref().and_then(|a| a["integration"]["form_url"].as_str()) {
        Some(form_url) => Redirect::to(form_url).into_response(),
        None => {
            // The service's own words, as a sentence after the page's.
            let error = match answer {
                Some(a) => ("shop-error-refused".to_string(), Some(refusal_said(&a))),
                None => ("shop-error-unreachable".to_string(), None),
            };
            render(&state, &headers, None, Some(error)).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_typed_by_people() {
        let rub = Currency::parse("RUB").unwrap();
        assert_eq!(parse_amount("1500", rub), Some(150000));
        assert_eq!(parse_amount("1 500,5", rub), Some(150050));
        assert_eq!(parse_amount("0.01", rub), Some(1));
        assert_eq!(parse_amount("1.001", rub), None);
        assert_eq!(parse_amount("-5", rub), None);
        assert_eq!(parse_amount("0", rub), None);
        let krw = Currency::parse("KRW").unwrap();
        assert_eq!(parse_amount("15000", krw), Some(15000));
        assert_eq!(parse_amount("1.5", krw), None);
    }
}
