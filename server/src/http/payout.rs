//! Payouts (decisions.md §6, §10): create, info, cancel, and the balance they draw on. Shape
//! checks here; the payout column and the receiver rules are the domain's
//! ([`crate::domain::payout`]).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AppState;
use super::error::{ApiError, ApiResult};
use super::field::{Check, Field, Text};
use super::merchant::Merchant;
use super::payin::{CustomerIn, GeneralIn};
use super::response::{MerchantErrors, PaymentErrors, PaymentRefRequest, PaymentResponse, View};
use crate::domain::payin::CustomerDraft;
use crate::domain::payment::{Actor, PaymentType, Urls};
use crate::domain::payout::{PayoutDraft, ReceiverDraft};
use crate::domain::rules::{self, MAX_AMOUNT};
use crate::secret::Secret;

/// Block `payment` of a payout.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PayoutPaymentIn {
    /// A payout method of the currency's row (the payout column of the H2H table).
    #[schema(required = true, value_type = String, max_length = 32, example = "card-p2p")]
    #[serde(default)]
    pub method: Field<String>,
    /// Minor units, 1 to 10000000000000.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 10000000000000_i64, example = 150000)]
    #[serde(default)]
    pub amount: Field<i64>,
    #[schema(required = true, value_type = String, pattern = "^[A-Z]{3}$", example = "RUB")]
    #[serde(default)]
    pub currency: Field<String>,
    #[schema(value_type = Option<String>, max_length = 255)]
    #[serde(default)]
    pub description: Field<String>,
}

/// Block `receiver`: whom the money goes to.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReceiverIn {
    /// Card number (card methods: 12 to 19 digits, Luhn) or account number (account-number).
    #[schema(value_type = Option<String>, max_length = 34)]
    #[serde(default)]
    pub pan: Field<Secret<String>>,
    #[schema(value_type = Option<String>, max_length = 255)]
    #[serde(default)]
    pub card_holder: Field<String>,
    /// A bank of the bank list (account-number; sbp-p2p: a bank with `is_sbp_bank`).
    #[schema(value_type = Option<String>, max_length = 32)]
    #[serde(default)]
    pub bank_symbol: Field<String>,
    /// Phone methods (sbp-p2p, mobile-p2p, phone-p2p), in the country's format.
    #[schema(value_type = Option<String>, max_length = 24)]
    #[serde(default)]
    pub phone: Field<String>,
}

/// Payout create request.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PayoutRequest {
    #[schema(required = true, value_type = GeneralIn)]
    #[serde(default)]
    pub general: Field<GeneralIn>,
    #[schema(required = true, value_type = PayoutPaymentIn)]
    #[serde(default)]
    pub payment: Field<PayoutPaymentIn>,
    #[schema(required = true, value_type = ReceiverIn)]
    #[serde(default)]
    pub receiver: Field<ReceiverIn>,
    #[schema(required = true, value_type = CustomerIn)]
    #[serde(default)]
    pub customer: Field<CustomerIn>,
}

/// One currency of the project's balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceLine {
    #[schema(example = "RUB")]
    pub currency: String,
    /// Available, minor units.
    pub amount: i64,
    /// Held by payouts not yet ended, minor units.
    pub locked_amount: i64,
}

/// `POST /api/v1/balance/info` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceResponse {
    pub balance: Vec<BalanceLine>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create)).routes(routes!(info)).routes(routes!(cancel)).routes(routes!(balance))
}

const MAX_URL: usize = 2048;
const HOLDER: &str = "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes";

fn draft(body: &PayoutRequest, fingerprint: &super::merchant::Fingerprint, allow_loopback_http: bool) -> PayoutDraft {
    let mut c = Check::default();
    let general = c.block("general", &body.general, true);
    let payment_id = general.and_then(|g| c.text("general.payment_id", &g.payment_id, true, &Text::max(255)));
    let url = |c: &mut Check, name: &str, value: &Field<String>| -> Option<String> {
        let s = c.text(name, value, false, &Text::max(MAX_URL))?;
        match rules::check_https_url(&s, MAX_URL, allow_loopback_http) {
            Ok(()) => Some(s),
            Err(problem) => {
                c.fail(name, problem.message(MAX_URL));
                None
            }
        }
    };
    let urls = match general {
        Some(g) => Urls {
            callback: url(&mut c, "general.merchant_callback_url", &g.merchant_callback_url),
            success_callback: url(&mut c, "general.merchant_success_callback_url", &g.merchant_success_callback_url),
            decline_callback: url(&mut c, "general.merchant_decline_callback_url", &g.merchant_decline_callback_url),
            // A payout has no page to come back from.
            redirect: None,
        },
        None => Urls::default(),
    };
    let payment = c.block("payment", &body.payment, true);
    let method = payment.and_then(|p| c.text("payment.method", &p.method, true, &Text::max(32)));
    let amount = payment.and_then(|p| c.integer("payment.amount", &p.amount, true, 1..=MAX_AMOUNT));
    let currency = payment.and_then(|p| {
        c.text("payment.currency", &p.currency, true, &Text::pattern(3, "^[A-Z]{3}$", &|s| rules::is_upper_code(s, 3)))
    });
    let description =
        payment.and_then(|p| c.text("payment.description", &p.description, false, &Text { min: 0, ..Text::max(255) }));
    let receiver = c.block("receiver", &body.receiver, true).map(|r| ReceiverDraft {
        pan: c.secret_text("receiver.pan", &r.pan, false, &Text::max(34)),
        card_holder: c.text(
            "receiver.card_holder",
            &r.card_holder,
            false,
            &Text::pattern(255, HOLDER, &rules::is_card_holder),
        ),
        bank_symbol: c.text("receiver.bank_symbol", &r.bank_symbol, false, &Text::max(32)),
        phone: c.text("receiver.phone", &r.phone, false, &Text::max(24)),
    });
    let customer = c.block("customer", &body.customer, true).map(|b| CustomerDraft {
        id: c.text("customer.id", &b.id, true, &Text::max(255)),
        ip_address: c.text(
            "customer.ip_address",
            &b.ip_address,
            true,
            &Text::pattern(255, "must be an IPv4 or IPv6 address", &rules::is_ip_address),
        ),
        country: c.text(
            "customer.country",
            &b.country,
            true,
            &Text::pattern(2, "^[A-Z]{2}$", &|s| rules::is_upper_code(s, 2)),
        ),
        ..CustomerDraft::default()
    });
    PayoutDraft {
        payment_id,
        urls,
        method,
        amount,
        currency,
        description,
        receiver,
        customer,
        request_hash: fingerprint.keyed.clone(),
        legacy_request_hash: fingerprint.legacy.clone(),
        violations: c.into_violations(),
    }
}

/// Create a payout: its amount moves from the available balance to the locked one until it
/// ends. A balance short of the amount answers 409 `Insufficient balance` and creates nothing
/// (the `payment_id` stays free). The same `payment_id` and body again answer the same payout.
#[utoipa::path(post, path = "/api/v1/payment/p2p/payout", tag = "Payouts", request_body = PayoutRequest,
    responses((status = 200, description = "Created, or the existing payout for a retried request", body = PaymentResponse),
        MerchantErrors, PaymentErrors),
    security(("signature" = [])))]
pub async fn create(State(state): State<AppState>, req: Merchant<PayoutRequest>) -> ApiResult<Json<PaymentResponse>> {
    let draft = draft(&req.body, &req.fingerprint, state.config.allow_private_callbacks);
    let created = state.payments.create_payout(&req.project, draft).await?;
    Ok(Json(PaymentResponse::of(&created.payment, View::Payout, &state.public_url)))
}

/// Payout status.
#[utoipa::path(post, path = "/api/v1/payment/p2p/payout/info", tag = "Payouts", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn info(State(state): State<AppState>, req: Merchant<PaymentRefRequest>) -> ApiResult<Json<PaymentResponse>> {
    let payout = state.payments.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payout).await?;
    Ok(Json(PaymentResponse::of(&payout, View::Payout, &state.public_url)))
}

/// Cancel a payout that has not been sent yet (`processing:new`): `decline` /
/// `Canceled by client`, and its amount is available again.
#[utoipa::path(post, path = "/api/v1/payment/p2p/payout/cancel", tag = "Payouts", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn cancel(
    State(state): State<AppState>,
    req: Merchant<PaymentRefRequest>,
) -> ApiResult<Json<PaymentResponse>> {
    let payout = state.payments.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payout).await?;
    let payout = state.payments.cancel(payout, Actor::Merchant).await?;
    Ok(Json(PaymentResponse::of(&payout, View::Payout, &state.public_url)))
}

/// `general` naming the project.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProjectGeneral {
    #[schema(required = true, value_type = String, max_length = 32)]
    #[serde(default)]
    pub project_id: Field<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BalanceRequest {
    #[schema(required = true, value_type = ProjectGeneral)]
    #[serde(default)]
    pub general: Field<ProjectGeneral>,
}

/// The project's balance per currency: `amount` available, `locked_amount` held by payouts
/// not yet ended. Successful payins credit it; payouts draw on it.
#[utoipa::path(post, path = "/api/v1/balance/info", tag = "Payouts", request_body = BalanceRequest,
    responses((status = 200, body = BalanceResponse), MerchantErrors), security(("signature" = [])))]
pub async fn balance(State(state): State<AppState>, req: Merchant<BalanceRequest>) -> ApiResult<Json<BalanceResponse>> {
    let lines = state.payments.balances(&req.project.id).await.map_err(ApiError::from)?;
    Ok(Json(BalanceResponse {
        balance: lines
            .into_iter()
            .map(|b| BalanceLine { currency: b.currency, amount: b.amount, locked_amount: b.locked_amount })
            .collect(),
    }))
}
