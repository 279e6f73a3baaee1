//! Payouts (decisions.md §6, §10): create, info, cancel, and the balance they draw on. Shape
//! checks here; the payout column and the receiver rules are the domain's
//! ([`crate::domain::payout`]).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Merchant;
use super::field::{Check, Field};
use super::payin::{
    CUSTOMER, CustomerIn, GENERAL, GeneralIn, HOLDER, HOLDER_SCHEMA, PAYMENT, PaymentFields, general_urls,
};
use super::response::{MerchantErrors, PaymentErrors, PaymentRefRequest, PaymentResponse, View};
use super::shape::{FieldRule, Fields, Shaped, Values};
use crate::domain::payin::CustomerDraft;
use crate::domain::payment::{Actor, PaymentType};
use crate::domain::payout::{PayoutDraft, ReceiverDraft};
use crate::domain::rules;
use crate::http::AppState;
use crate::http::shared::error::{ApiError, ApiResult};
use crate::secret::Secret;

/// Block `payment` of a payout.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PayoutPaymentIn {
    /// A payout method of the currency's row (the payout column of the H2H table).
    #[schema(value_type = String, example = "card-p2p")]
    #[serde(default)]
    pub method: Field<String>,
    /// Minor units, 1 to 10000000000000.
    #[schema(value_type = i64, example = 150000)]
    #[serde(default)]
    pub amount: Field<i64>,
    #[schema(value_type = String, example = "RUB")]
    #[serde(default)]
    pub currency: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Field<String>,
}

/// Block `receiver`: whom the money goes to.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReceiverIn {
    /// Card number (card methods: 12 to 19 digits, Luhn) or account number (account-number).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub pan: Field<Secret<String>>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub card_holder: Field<String>,
    /// A bank of the bank list (account-number; sbp-p2p: a bank with `is_sbp_bank`).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub bank_symbol: Field<String>,
    /// Phone methods (sbp-p2p, mobile-p2p, phone-p2p), in the country's format.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub phone: Field<String>,
}

/// Payout create request.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({
    "general": {"project_id": "prj_example", "payment_id": "payout-1"},
    "payment": {"method": "card-p2p", "amount": 50000, "currency": "RUB"},
    "receiver": {"pan": "4242424242424242", "card_holder": "IVAN PETROV"},
    "customer": {"id": "customer-1", "ip_address": "203.0.113.7", "country": "RU"}
}))]
pub struct PayoutRequest {
    #[schema(value_type = GeneralIn)]
    #[serde(default)]
    pub general: Field<GeneralIn>,
    #[schema(value_type = PayoutPaymentIn)]
    #[serde(default)]
    pub payment: Field<PayoutPaymentIn>,
    #[schema(value_type = ReceiverIn)]
    #[serde(default)]
    pub receiver: Field<ReceiverIn>,
    #[schema(value_type = PayoutCustomerIn)]
    #[serde(default)]
    pub customer: Field<CustomerIn>,
}

/// Block `customer` of a payout: who asked for it.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PayoutCustomerIn {
    id: String,
    ip_address: String,
    /// ISO 3166-1 alpha-2.
    country: String,
}

impl Shaped for PayoutCustomerIn {
    const FIELDS: Fields =
        &[("id", &CustomerIn::ID), ("ip_address", &CustomerIn::IP_ADDRESS), ("country", &CustomerIn::COUNTRY)];
}

impl PayoutPaymentIn {
    pub const METHOD: FieldRule = FieldRule::text("payment.method", true, 32).values(Values::PayoutMethods);
}

impl Shaped for PayoutPaymentIn {
    const FIELDS: Fields = &[
        ("method", &Self::METHOD),
        ("amount", &PaymentFields::AMOUNT),
        ("currency", &PaymentFields::CURRENCY),
        ("description", &PaymentFields::DESCRIPTION),
    ];
}

impl ReceiverIn {
    /// Its form depends on the method (the domain's rule).
    pub const PAN: FieldRule = FieldRule::text("receiver.pan", false, 34);
    pub const CARD_HOLDER: FieldRule =
        FieldRule::sentence("receiver.card_holder", false, 255, HOLDER, rules::is_card_holder).schema(HOLDER_SCHEMA);
    pub const BANK_SYMBOL: FieldRule = FieldRule::text("receiver.bank_symbol", false, 32);
    pub const PHONE: FieldRule = FieldRule::text("receiver.phone", false, 24);
}

impl Shaped for ReceiverIn {
    const FIELDS: Fields = &[
        ("pan", &Self::PAN),
        ("card_holder", &Self::CARD_HOLDER),
        ("bank_symbol", &Self::BANK_SYMBOL),
        ("phone", &Self::PHONE),
    ];
}

pub const RECEIVER: FieldRule = FieldRule::object("receiver", true);

impl Shaped for PayoutRequest {
    const FIELDS: Fields =
        &[("general", &GENERAL), ("payment", &PAYMENT), ("receiver", &RECEIVER), ("customer", &CUSTOMER)];
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

pub fn draft(
    body: &PayoutRequest,
    fingerprint: &crate::crypto::fingerprint::Fingerprint,
    allow_loopback_http: bool,
) -> PayoutDraft {
    let mut c = Check::default();
    let general = c.block(&GENERAL, &body.general);
    let payment_id = general.and_then(|g| c.text(&GeneralIn::PAYMENT_ID, &g.payment_id));
    // A payout has no page to come back from.
    let urls = general.map(|g| general_urls(&mut c, g, false, allow_loopback_http)).unwrap_or_default();
    let payment = c.block(&PAYMENT, &body.payment);
    let method = payment.and_then(|p| c.text(&PayoutPaymentIn::METHOD, &p.method));
    let amount = payment.and_then(|p| c.integer(&PaymentFields::AMOUNT, &p.amount));
    let currency = payment.and_then(|p| c.text(&PaymentFields::CURRENCY, &p.currency));
    let description = payment.and_then(|p| c.text(&PaymentFields::DESCRIPTION, &p.description));
    let receiver = c.block(&RECEIVER, &body.receiver).map(|r| ReceiverDraft {
        pan: c.secret_text(&ReceiverIn::PAN, &r.pan),
        card_holder: c.text(&ReceiverIn::CARD_HOLDER, &r.card_holder),
        bank_symbol: c.text(&ReceiverIn::BANK_SYMBOL, &r.bank_symbol),
        phone: c.text(&ReceiverIn::PHONE, &r.phone),
    });
    let customer = c.block(&CUSTOMER, &body.customer).map(|b| CustomerDraft {
        id: c.text(&CustomerIn::ID, &b.id),
        ip_address: c.text(&CustomerIn::IP_ADDRESS, &b.ip_address),
        country: c.text(&CustomerIn::COUNTRY, &b.country),
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
    let created = state.services.payouts.create_payout(&req.project, draft).await?;
    Ok(Json(PaymentResponse::of(&created.payment, View::Payout, &state.public_url)))
}

/// Payout status.
#[utoipa::path(post, path = "/api/v1/payment/p2p/payout/info", tag = "Payouts", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn info(State(state): State<AppState>, req: Merchant<PaymentRefRequest>) -> ApiResult<Json<PaymentResponse>> {
    let payout = state.services.lookup.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payout).await?;
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
    let payout = state.services.lookup.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payout).await?;
    let payout = state.services.payins.cancel(payout, Actor::Merchant).await?;
    Ok(Json(PaymentResponse::of(&payout, View::Payout, &state.public_url)))
}

/// `general` naming the project.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProjectGeneral {
    #[schema(value_type = String)]
    #[serde(default)]
    pub project_id: Field<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BalanceRequest {
    #[schema(value_type = ProjectGeneral)]
    #[serde(default)]
    pub general: Field<ProjectGeneral>,
}

impl Shaped for ProjectGeneral {
    const FIELDS: Fields = &[("project_id", &GeneralIn::PROJECT_ID)];
}

impl Shaped for BalanceRequest {
    const FIELDS: Fields = &[("general", &GENERAL)];
}

/// The project's balance per currency: `amount` available, `locked_amount` held by payouts
/// not yet ended. Successful payins credit it; payouts draw on it.
#[utoipa::path(post, path = "/api/v1/balance/info", tag = "Payouts", request_body = BalanceRequest,
    responses((status = 200, body = BalanceResponse), MerchantErrors), security(("signature" = [])))]
pub async fn balance(State(state): State<AppState>, req: Merchant<BalanceRequest>) -> ApiResult<Json<BalanceResponse>> {
    let lines = state.services.balances.of_project(&req.project.id).await.map_err(ApiError::from)?;
    Ok(Json(BalanceResponse {
        balance: lines
            .into_iter()
            .map(|b| BalanceLine { currency: b.currency, amount: b.amount, locked_amount: b.locked_amount })
            .collect(),
    }))
}
