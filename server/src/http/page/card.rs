//! The card form of the hosted page (`payin-ecom-card`) and the page's own 3DS `TermUrl`.
//! Card numbers and codes pass through memory only: never into the session, storage or logs.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::post;
use axum::{Form, Router};

use super::shell::{PageForm, back_to};
use super::view::{Shown, render_page};
use crate::domain::acquirer::Card;
use crate::domain::payment::{Actor, is_page_token};
use crate::domain::time::year_month_now;
use crate::http::AppState;
use crate::secret::Secret;
use app::model::CardForm;
use kassa_rules::card::{cvv_problem, expiry_problem, holder_problem, pan_problem, parse_expiry, strip_separators};

pub fn router() -> Router<AppState> {
    Router::new().route("/pay/{token}/card", post(submit)).route("/pay/{token}/3ds", post(term_url))
}

/// Reads the card form at (`now_year`, `now_month`); errors are (field, message key). The
/// rules are the shared ones the browser checks too (`kassa-rules`).
pub fn parse_card_form(
    form: &HashMap<String, String>,
    now_year: i64,
    now_month: i64,
) -> Result<Card, Vec<(String, String)>> {
    let field = |name: &str| form.get(name).map(|v| v.trim().to_string()).unwrap_or_default();
    let typed_pan = field("pan");
    let pan = strip_separators(&typed_pan);
    // One `MM/YY` field; a form with separate month and year fields (older pages) still works.
    let expiry = match form.get("expiry") {
        Some(typed) => typed.trim().to_string(),
        None if field("exp_month").is_empty() && field("exp_year").is_empty() => String::new(),
        None => format!("{}/{}", field("exp_month"), field("exp_year")),
    };
    let holder = field("holder");
    let cvv = field("cvv");
    let problems = [
        ("pan", pan_problem(&typed_pan)),
        ("expiry", expiry_problem(&expiry, now_year, now_month)),
        ("holder", holder_problem(&holder)),
        ("cvv", cvv_problem(&cvv, &typed_pan)),
    ];
    let errors: Vec<(String, String)> =
        problems.iter().filter_map(|(f, p)| p.map(|key| (f.to_string(), key.to_string()))).collect();
    match (errors.is_empty(), parse_expiry(&expiry)) {
        (true, Some((month, year))) => {
            Ok(Card { pan: Secret::new(pan), cvv: Some(Secret::new(cvv)), year, month, holder })
        }
        _ => Err(errors),
    }
}

async fn submit(State(state): State<AppState>, form: PageForm) -> Response {
    let (year, month) = year_month_now();
    match parse_card_form(&form.fields, year, month) {
        Ok(card) => match state.services.cards.authorize(form.payment.clone(), card, Actor::User).await {
            Ok(_) => form.back(),
            Err(e) => {
                tracing::info!(error = %e, "card form not accepted");
                form.back_with("error-not-available")
            }
        },
        // The form again, at once, with what was wrong and the name as typed (never the card
        // number or the code): nothing is kept between requests.
        Err(errors) => {
            let holder = form.fields.get("holder").cloned().unwrap_or_default();
            let shown = Shown {
                lang: form.lang(),
                notice: None,
                card_form: Some(CardForm { errors, holder, refused: None }),
                ..Default::default()
            };
            render_page(&state, &form.payment, None, &form.headers, shown, StatusCode::OK).await
        }
    }
}

/// The issuer posts `PaRes` and `MD` here after the challenge (the page's own `TermUrl`). No
/// CSRF token: the post comes from the issuer's page, and the signed `PaRes` is the proof.
async fn term_url(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if is_page_token(&token)
        && let Ok(payment) = state.services.lookup.by_page_token(&token).await
    {
        let pa_res = form.get("PaRes").map(String::as_str).unwrap_or_default();
        let md = form.get("MD").map(String::as_str).unwrap_or_default();
        if let Err(e) = state.services.cards.complete_3ds(payment, pa_res, md, Actor::User).await {
            tracing::info!(error = %e, "3DS result not applied");
        }
    }
    back_to(&token, None, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_good_card_form_parses() {
        let card = parse_card_form(
            &form(&[
                ("pan", "4242 4242 4242 4242"),
                ("exp_month", "12"),
                ("exp_year", "30"),
                ("holder", "IVAN PETROV"),
                ("cvv", "123"),
            ]),
            2026,
            11,
        )
        .unwrap();
        assert_eq!(card.pan.expose(), "4242424242424242");
        assert_eq!((card.month, card.year), (12, 2030));
    }

    #[test]
    fn every_bad_field_is_named() {
        let errors = parse_card_form(
            &form(&[
                ("pan", "4242 4242 4242 4241"),
                ("exp_month", "13"),
                ("exp_year", "2030"),
                ("holder", "José"),
                ("cvv", "12"),
            ]),
            2026,
            11,
        )
        .unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(fields, ["pan", "expiry", "holder", "cvv"]);
        let past = parse_card_form(
            &form(&[
                ("pan", "4242424242424242"),
                ("exp_month", "1"),
                ("exp_year", "2021"),
                ("holder", "A B"),
                ("cvv", "123"),
            ]),
            2026,
            11,
        )
        .unwrap_err();
        assert_eq!(past, vec![("expiry".to_string(), "card-error-expired".to_string())]);
    }

    proptest::proptest! {
        /// Whatever the card form carries, it is read or refused field by field; never a panic.
        #[test]
        fn any_card_form_is_answered(
            fields in proptest::collection::hash_map(
                proptest::sample::select(vec!["pan", "expiry", "exp_month", "exp_year", "holder", "cvv", "x"]),
                ".{0,30}",
                0..7,
            ),
            year in 2000i64..2100,
            month in 1i64..=12,
        ) {
            let form: HashMap<String, String> = fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            match parse_card_form(&form, year, month) {
                Ok(card) => proptest::prop_assert!((1..=12).contains(&card.month) && card.year >= year),
                Err(errors) => proptest::prop_assert!(!errors.is_empty()),
            }
        }
    }

    #[test]
    fn the_expiry_is_one_field_as_printed() {
        let with = |expiry: &str| {
            parse_card_form(
                &form(&[("pan", "4242424242424242"), ("expiry", expiry), ("holder", "A B"), ("cvv", "123")]),
                2026,
                11,
            )
        };
        let card = with("12/30").unwrap();
        assert_eq!((card.month, card.year), (12, 2030));
        assert_eq!(with("12/2031").map(|c| c.year).unwrap(), 2031, "four-digit years still accepted");
        assert_eq!(with("").unwrap_err(), vec![("expiry".to_string(), "card-error-expiry-empty".to_string())]);
    }

    #[test]
    fn a_card_is_valid_through_its_month() {
        let form = |m: &str, y: &str| {
            form(&[("pan", "4242424242424242"), ("exp_month", m), ("exp_year", y), ("holder", "A B"), ("cvv", "123")])
        };
        assert!(parse_card_form(&form("11", "26"), 2026, 11).is_ok());
        assert!(parse_card_form(&form("10", "26"), 2026, 11).is_err());
    }
}
