//! Operator API (decisions.md §8): the requisites pool, funds received, disputes, incoming
//! funds, and sandbox controls. Bearer-token protected; PANs are masked in every listing.

use axum::extract::{FromRequest, Path, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::antifraud::AntiFraudRules;
use crate::domain::audit::Who;
use crate::domain::bank::{Bank, BankUpdate};
use crate::domain::decisions::Resolution;
use crate::domain::payment::{Payment, PaymentType};
use crate::domain::project::ProjectSettings;
use crate::domain::reconciliation::{Outcome, Reported};
use crate::domain::requisite::{NewRequisite, Requisite};
use crate::domain::rules;
use crate::domain::transfer::{ReviewReason, Source};
use crate::http::AppState;
use crate::http::api::response::{PaymentResponse, View};
use crate::http::shared::error::{ApiError, ApiResult, AuthFailure, FieldError};

/// Every action through this API is audited as the API's (the token names no person).
const API: Who = Who::OperatorApi;

pub fn router(state: AppState) -> Router<AppState> {
    Router::new()
        .route("/api/v1/operator/requisites", post(create_requisite).get(list_requisites))
        .route("/api/v1/operator/requisites/{id}/active", post(set_requisite_active))
        .route("/api/v1/operator/payments/received", post(received))
        .route("/api/v1/operator/payments/resolve", post(resolve))
        .route("/api/v1/operator/payments/push-result", post(push_result))
        .route("/api/v1/operator/payments/{request_id}", get(payment))
        .route("/api/v1/operator/payments/{request_id}/callbacks", get(callbacks))
        .route("/api/v1/operator/payments/{request_id}/callbacks/{callback_id}/resend", post(resend_callback))
        .route("/api/v1/operator/incoming", post(incoming))
        .route("/api/v1/operator/payouts", get(payouts))
        .route("/api/v1/operator/payouts/execute", post(execute_payout))
        .route("/api/v1/operator/payouts/result", post(payout_result))
        .route("/api/v1/operator/sandbox/expire", post(sandbox_expire))
        .route("/api/v1/operator/banks", post(upsert_bank))
        .route("/api/v1/operator/projects/{project_id}/settings", post(project_settings))
        .layer(axum::middleware::from_fn_with_state(state, require_operator))
}

/// `authorization: Bearer <KASSA_OPERATOR_TOKEN>`, compared in constant time. Without a
/// configured token the operator API is closed.
async fn require_operator(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let presented = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    let allowed = match (&state.config.operator_token, presented) {
        (Some(token), Some(presented)) => token.ct_eq(presented.as_bytes()),
        _ => false,
    };
    if allowed {
        next.run(request).await
    } else {
        use axum::response::IntoResponse;
        ApiError::Unauthorized(AuthFailure::UnknownKey).into_response()
    }
}

/// JSON body of operator requests, with errors in the documented error body.
pub struct OperatorJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for OperatorJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _: &S) -> Result<Self, ApiError> {
        let json =
            req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
                v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
            });
        if !json {
            return Err(ApiError::InvalidRequest);
        }
        let bytes = crate::http::api::auth::read_body(req.into_body()).await?;
        let value: Value = serde_json::from_slice(&bytes).map_err(|e| ApiError::InvalidJson(e.to_string()))?;
        serde_json::from_value(value).map(OperatorJson).map_err(|e| {
            let text = e.to_string();
            let field = text
                .split('`')
                .nth(1)
                .filter(|_| text.starts_with("missing field") || text.starts_with("unknown field"))
                .unwrap_or("body")
                .to_string();
            ApiError::Validation(vec![FieldError::new(field, text)])
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Requisites

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRequisiteIn {
    country: String,
    currency: String,
    methods: Vec<String>,
    pan: String,
    card_holder: Option<String>,
    bank_symbol: Option<String>,
    bank_name: Option<String>,
    bank_country: Option<String>,
    min_amount: Option<i64>,
    max_amount: Option<i64>,
    payment_system: Option<String>,
    extra_param: Option<String>,
    active: Option<bool>,
    /// The account number the requisite's bank statements show (a card's account), so rows of
    /// that account match it.
    statement_account: Option<String>,
    /// The bank's code a transfer to the account needs (in Russia the BIK, required for a
    /// bank-account method) and its correspondent account (Russia).
    bank_code: Option<String>,
    correspondent_account: Option<String>,
}

/// A requisite as operators see it: PAN masked.
#[derive(Debug, Serialize)]
pub struct RequisiteView {
    pub id: String,
    pub country: String,
    pub currency: String,
    pub methods: Vec<String>,
    pub pan_hidden: String,
    pub card_holder: Option<String>,
    pub bank_symbol: Option<String>,
    pub bank_name: Option<String>,
    pub bank_country: Option<String>,
    pub min_amount: Option<i64>,
    pub max_amount: Option<i64>,
    pub payment_system: Option<String>,
    pub extra_param: Option<String>,
    pub statement_account: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correspondent_account: Option<String>,
    pub active: bool,
}

impl From<Requisite> for RequisiteView {
    fn from(r: Requisite) -> Self {
        RequisiteView {
            pan_hidden: r.masked_pan(),
            id: r.id,
            country: r.country,
            currency: r.currency,
            methods: r.methods,
            card_holder: r.card_holder,
            bank_symbol: r.bank_symbol,
            bank_name: r.bank_name,
            bank_country: r.bank_country,
            min_amount: r.min_amount,
            max_amount: r.max_amount,
            payment_system: r.payment_system,
            extra_param: r.extra_param,
            statement_account: r.statement_account,
            bank_code: r.bank_code,
            correspondent_account: r.correspondent_account,
            active: r.active,
        }
    }
}

async fn create_requisite(
    State(state): State<AppState>,
    OperatorJson(r): OperatorJson<NewRequisiteIn>,
) -> ApiResult<Json<RequisiteView>> {
    let requisite = state
        .services
        .requisites
        .create(
            NewRequisite {
                country: r.country,
                currency: r.currency,
                methods: r.methods,
                pan: r.pan,
                card_holder: r.card_holder,
                bank_symbol: r.bank_symbol,
                bank_name: r.bank_name,
                bank_country: r.bank_country,
                min_amount: r.min_amount,
                max_amount: r.max_amount,
                payment_system: r.payment_system,
                extra_param: r.extra_param,
                active: r.active,
                statement_account: r.statement_account,
                bank_code: r.bank_code,
                correspondent_account: r.correspondent_account,
            },
            Some(&API),
        )
        .await?;
    Ok(Json(requisite.into()))
}

async fn list_requisites(State(state): State<AppState>) -> ApiResult<Json<Vec<RequisiteView>>> {
    Ok(Json(state.services.requisites.list().await?.into_iter().map(Into::into).collect()))
}

#[derive(Debug, Deserialize)]
struct ActiveIn {
    active: bool,
}

async fn set_requisite_active(
    State(state): State<AppState>,
    Path(id): Path<String>,
    OperatorJson(body): OperatorJson<ActiveIn>,
) -> ApiResult<Json<RequisiteView>> {
    Ok(Json(state.services.requisites.set_active(&id, body.active, Some(&API)).await?.into()))
}

// ---------------------------------------------------------------------------------------------
// Payments

async fn load(state: &AppState, request_id: &str) -> ApiResult<Payment> {
    Ok(state.services.lookup.by_request_id(request_id).await?)
}

fn answer(state: &AppState, p: &Payment) -> Json<PaymentResponse> {
    let view = if p.payment_type == PaymentType::Payout { View::Payout } else { View::P2p };
    Json(PaymentResponse::of(p, view, &state.public_url))
}

fn positive_amount(amount: i64) -> ApiResult<i64> {
    if (1..=rules::MAX_AMOUNT).contains(&amount) {
        Ok(amount)
    } else {
        Err(ApiError::field("amount", format!("must be an integer from 1 to {}", rules::MAX_AMOUNT)))
    }
}

#[derive(Debug, Deserialize)]
struct ReceivedIn {
    request_id: String,
    amount: i64,
    /// The payment's `version` the decision was taken on: a payment changed since is refused.
    version: Option<i64>,
}

async fn received(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<ReceivedIn>,
) -> ApiResult<Json<PaymentResponse>> {
    let amount = positive_amount(body.amount)?;
    let payment = load(&state, &body.request_id).await?;
    let payment = state.services.decisions.funds_received(payment, amount, &API, body.version).await?.done()?;
    Ok(answer(&state, &payment))
}

#[derive(Debug, Deserialize)]
struct ResolveIn {
    request_id: String,
    outcome: String,
    amount: Option<i64>,
    version: Option<i64>,
}

async fn resolve(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<ResolveIn>,
) -> ApiResult<Json<PaymentResponse>> {
    let resolution = match body.outcome.as_str() {
        "success" => Resolution::Success,
        "decline" => Resolution::Decline,
        _ => return Err(ApiError::field("outcome", "must be success or decline")),
    };
    let amount = body.amount.map(positive_amount).transpose()?;
    let payment = load(&state, &body.request_id).await?;
    let payment = state.services.decisions.resolve(payment, resolution, amount, &API, body.version).await?.done()?;
    Ok(answer(&state, &payment))
}

#[derive(Debug, Deserialize)]
struct PushResultIn {
    request_id: String,
    accepted: bool,
}

async fn push_result(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<PushResultIn>,
) -> ApiResult<Json<PaymentResponse>> {
    let payment = load(&state, &body.request_id).await?;
    let payment = state.services.decisions.push_result(payment, body.accepted, &API).await?;
    Ok(answer(&state, &payment))
}

async fn payment(State(state): State<AppState>, Path(request_id): Path<String>) -> ApiResult<Json<PaymentResponse>> {
    let payment = load(&state, &request_id).await?;
    Ok(answer(&state, &payment))
}

#[derive(Debug, Deserialize)]
struct IncomingIn {
    /// Requisite id, its card, phone or account number, or the account its statements show.
    requisite: String,
    amount: i64,
    currency: String,
    /// The transfer's reference (payment purpose).
    reference: Option<String>,
    /// `YYYY-MM-DD`, the day the bank booked it; today (UTC) when absent.
    booked_on: Option<String>,
    /// The bank's own id of the transaction: the surest way to tell one transfer from another.
    bank_id: Option<String>,
    counterparty: Option<String>,
}

#[derive(Debug, Serialize)]
struct IncomingOut {
    matched: bool,
    /// `credited`, `review` (waits for a person: see `reason`) or `already_recorded`.
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payment: Option<PaymentResponse>,
}

async fn incoming(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<IncomingIn>,
) -> ApiResult<Json<IncomingOut>> {
    let amount = positive_amount(body.amount)?;
    if let Some(day) = &body.booked_on
        && crate::domain::time::day_number(day).is_none()
    {
        return Err(ApiError::field("booked_on", "must be a date YYYY-MM-DD"));
    }
    let reported = Reported {
        account: body.requisite,
        amount,
        currency: body.currency.trim().to_ascii_uppercase(),
        booked_on: body.booked_on,
        reference: body.reference,
        counterparty: body.counterparty,
        bank_id: body.bank_id,
    };
    let outcome = state.services.reconciliation.incoming(reported, Source::Api, &API).await?;
    let (code, reason, credited) = match &outcome {
        Outcome::Credited(request_id) => ("credited", None, Some(request_id.clone())),
        Outcome::Review(reason) => ("review", Some(reason.code()), None),
        Outcome::Changed => ("review", Some(ReviewReason::Changed.code()), None),
        Outcome::AlreadyRecorded => ("already_recorded", None, None),
        // A script's sighting never waits for a person, and is never money out.
        Outcome::Pending(_) | Outcome::Listed => ("review", None, None),
    };
    tracing::info!(outcome = code, reason, "incoming funds reported");
    let payment = match credited {
        Some(request_id) => Some(PaymentResponse::of(&load(&state, &request_id).await?, View::P2p, &state.public_url)),
        None => None,
    };
    Ok(Json(IncomingOut { matched: payment.is_some(), outcome: code, reason, payment }))
}

#[derive(Debug, Deserialize)]
struct RequestIdIn {
    request_id: String,
}

async fn sandbox_expire(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<RequestIdIn>,
) -> ApiResult<Json<PaymentResponse>> {
    if !state.config.sandbox() {
        return Err(ApiError::NotFound);
    }
    let payment = load(&state, &body.request_id).await?;
    let payment = state.services.decisions.expire_now(payment, &API).await?;
    Ok(answer(&state, &payment))
}

// ---------------------------------------------------------------------------------------------
// Catalogue and projects

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BankIn {
    symbol: String,
    name: String,
    country_code: String,
    sbp_code: Option<String>,
    #[serde(default)]
    is_sbp_bank: bool,
    #[serde(default = "yes")]
    active: bool,
}

fn yes() -> bool {
    true
}

async fn upsert_bank(State(state): State<AppState>, OperatorJson(b): OperatorJson<BankIn>) -> ApiResult<Json<Bank>> {
    let update = BankUpdate {
        symbol: b.symbol,
        name: b.name,
        country_code: b.country_code,
        sbp_code: b.sbp_code,
        is_sbp_bank: b.is_sbp_bank,
        active: b.active,
    };
    Ok(Json(state.services.banks.upsert(update).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsIn {
    allowed_methods: Option<Vec<String>>,
    #[serde(default)]
    antifraud: AntiFraudRules,
}

async fn project_settings(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    OperatorJson(body): OperatorJson<SettingsIn>,
) -> ApiResult<Json<ProjectSettings>> {
    let settings = state
        .services
        .projects
        .update_settings(&project_id, body.allowed_methods, body.antifraud, &Who::OperatorApi)
        .await?;
    state.auth_cache.forget_project(&project_id);
    Ok(Json(settings))
}

// ---------------------------------------------------------------------------------------------
// Payouts

/// A payout as the operator who sends it sees it: the receiver's number in full.
#[derive(Debug, Serialize)]
struct PayoutToSend {
    #[serde(flatten)]
    payout: PaymentResponse,
    /// The card or account number to pay to.
    receiver_pan: Option<String>,
}

/// Payouts waiting for an operator, oldest first: `processing:new` (to send) and
/// `processing:payout_process` (sent, result to record).
async fn payouts(State(state): State<AppState>) -> ApiResult<Json<Vec<PayoutToSend>>> {
    let mut out = Vec::new();
    for p in state.services.payouts.waiting(500).await? {
        let pan = state.services.payouts.receiver_pan(&p).await?;
        out.push(PayoutToSend {
            payout: PaymentResponse::of(&p, View::Payout, &state.public_url),
            receiver_pan: pan.map(|p| p.expose().clone()),
        });
    }
    Ok(Json(out))
}

async fn load_payout(state: &AppState, request_id: &str) -> ApiResult<Payment> {
    let p = load(state, request_id).await?;
    if p.payment_type == PaymentType::Payout { Ok(p) } else { Err(ApiError::PaymentNotFound) }
}

/// The payout is being sent: `processing:payout_process`.
async fn execute_payout(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<RequestIdIn>,
) -> ApiResult<Json<PaymentResponse>> {
    let payout = load_payout(&state, &body.request_id).await?;
    let payout = state.services.payouts.execute(payout, &API).await?;
    Ok(answer(&state, &payout))
}

#[derive(Debug, Deserialize)]
struct PayoutResultIn {
    request_id: String,
    /// `success` or `failed`.
    outcome: String,
}

/// The payout's result: `success`, or `dispute:payout_failed` (then resolved with
/// `/payments/resolve`).
async fn payout_result(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<PayoutResultIn>,
) -> ApiResult<Json<PaymentResponse>> {
    let arrived = match body.outcome.as_str() {
        "success" => true,
        "failed" => false,
        _ => return Err(ApiError::field("outcome", "must be success or failed")),
    };
    let payout = load_payout(&state, &body.request_id).await?;
    let payout = state.services.payouts.result(payout, arrived, &API).await?;
    Ok(answer(&state, &payout))
}

/// Operator: the callbacks of a payment.
async fn callbacks(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
) -> ApiResult<Json<Vec<crate::http::api::callbacks::CallbackView>>> {
    let payment = state.services.lookup.by_request_id(&request_id).await?;
    Ok(Json(state.services.callback_log.of_payment(&payment.request_id).await?.into_iter().map(Into::into).collect()))
}

/// Operator: resend one callback.
async fn resend_callback(
    State(state): State<AppState>,
    Path((request_id, callback_id)): Path<(String, i64)>,
) -> ApiResult<Json<Vec<crate::http::api::callbacks::CallbackView>>> {
    let payment = state.services.lookup.by_request_id(&request_id).await?;
    let records = state.services.callback_log.resend(&payment.request_id, callback_id, Some(&Who::OperatorApi)).await?;
    Ok(Json(records.into_iter().map(Into::into).collect()))
}
