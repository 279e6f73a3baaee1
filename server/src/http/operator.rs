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

use super::AppState;
use super::error::{ApiError, ApiResult, AuthFailure, FieldError};
use super::response::{PaymentResponse, View};
use crate::domain::antifraud::AntiFraudRules;
use crate::domain::banks::{Bank, is_bank_symbol};
use crate::domain::catalogue::{self, Country, Method, MethodKind, WidgetMethod};
use crate::domain::payment::{Payment, mask_requisite};
use crate::domain::payments::Resolution;
use crate::domain::project::ProjectSettings;
use crate::domain::requisites::Requisite;
use crate::domain::rules;
use crate::domain::time::now_ms;

pub fn router(state: AppState) -> Router<AppState> {
    Router::new()
        .route("/api/v1/operator/requisites", post(create_requisite).get(list_requisites))
        .route("/api/v1/operator/requisites/{id}/active", post(set_requisite_active))
        .route("/api/v1/operator/payments/received", post(received))
        .route("/api/v1/operator/payments/resolve", post(resolve))
        .route("/api/v1/operator/payments/push-result", post(push_result))
        .route("/api/v1/operator/payments/{request_id}", get(payment))
        .route("/api/v1/operator/payments/{request_id}/callbacks", get(super::callbacks::operator_list))
        .route(
            "/api/v1/operator/payments/{request_id}/callbacks/{callback_id}/resend",
            post(super::callbacks::operator_resend),
        )
        .route("/api/v1/operator/incoming", post(incoming))
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
        let bytes = super::merchant::read_body(req.into_body()).await?;
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
    pub active: bool,
}

fn requisite_kind(methods: &[String]) -> Option<MethodKind> {
    methods
        .iter()
        .find_map(|m| Method::parse(m).map(Method::kind).or_else(|| WidgetMethod::parse(m).map(WidgetMethod::kind)))
}

impl From<Requisite> for RequisiteView {
    fn from(r: Requisite) -> Self {
        RequisiteView {
            pan_hidden: mask_requisite(requisite_kind(&r.methods), &r.pan),
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
            active: r.active,
        }
    }
}

/// Method codes (H2H and widget) offered in `country` for `currency`.
fn methods_of(country: Country, currency: &str) -> Vec<&'static str> {
    let h2h =
        catalogue::H2H.iter().chain(catalogue::H2H_ECOM).filter(|r| r.country == country && r.currency == currency);
    let h2c =
        catalogue::H2C.iter().chain(catalogue::H2C_ECOM).filter(|r| r.country == country && r.currency == currency);
    h2h.flat_map(|r| r.deposit.iter().map(|m| m.code()))
        .chain(h2c.flat_map(|r| r.methods.iter().map(|m| m.code())))
        .collect()
}

/// Checks the requisite value against what its methods pay to.
fn check_pan(kind: MethodKind, pan: &str) -> Option<&'static str> {
    match kind {
        MethodKind::Card if !rules::is_card_number(pan) => {
            Some("must be a card number of 12 to 19 digits passing the Luhn check")
        }
        MethodKind::Phone if !(pan.len() >= 8 && pan.trim_start_matches('+').bytes().all(|b| b.is_ascii_digit())) => {
            Some("must be a phone number")
        }
        MethodKind::Link | MethodKind::QrLink if rules::check_https_url(pan, 4096, false).is_err() => {
            Some("must be an https payment link")
        }
        MethodKind::Ussd if !(pan.starts_with('*') && pan.ends_with('#')) => {
            Some("must be a USSD string like *737*1*amount#")
        }
        _ => None,
    }
}

async fn create_requisite(
    State(state): State<AppState>,
    OperatorJson(r): OperatorJson<NewRequisiteIn>,
) -> ApiResult<Json<RequisiteView>> {
    let mut errors = Vec::new();
    let mut fail = |f: &str, m: String| errors.push(FieldError::new(f, m));
    let country = Country::parse(&r.country);
    if country.is_none() {
        fail("country", format!("{} is not a supported country", r.country));
    }
    if let Some(country) = country {
        let offered = methods_of(country, &r.currency);
        if offered.is_empty() {
            fail("currency", format!("{} is not the currency of {country}", r.currency));
        } else if r.methods.is_empty() {
            fail("methods", "must list at least one method".into());
        } else if let Some(m) = r.methods.iter().find(|m| !offered.contains(&m.as_str())) {
            fail("methods", format!("{m} is not offered in {country}; available: {}", offered.join(", ")));
        }
    }
    let kinds: Vec<MethodKind> = r
        .methods
        .iter()
        .filter_map(|m| Method::parse(m).map(Method::kind).or_else(|| WidgetMethod::parse(m).map(WidgetMethod::kind)))
        .collect();
    if kinds.iter().any(|k| !k.uses_requisites()) {
        fail("methods", "card e-commerce and mobile money take no requisites".into());
    }
    if r.pan.is_empty() || r.pan.chars().count() > 4096 {
        fail("pan", "must be 1 to 4096 characters".into());
    } else if let Some(problem) = kinds.iter().find_map(|k| check_pan(*k, &r.pan)) {
        fail("pan", problem.into());
    }
    if let Some(holder) = &r.card_holder
        && !rules::is_card_holder(holder)
    {
        fail(
            "card_holder",
            "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes".into(),
        );
    }
    if let (Some(min), Some(max)) = (r.min_amount, r.max_amount)
        && min > max
    {
        fail("min_amount", "must not exceed max_amount".into());
    }
    for (field, v) in [("min_amount", r.min_amount), ("max_amount", r.max_amount)] {
        if v.is_some_and(|v| !(1..=rules::MAX_AMOUNT).contains(&v)) {
            fail(field, format!("must be from 1 to {}", rules::MAX_AMOUNT));
        }
    }
    if let Some(p) = &r.extra_param
        && !rules::is_extra_param(p)
    {
        fail("extra_param", "must match ^[A-Za-z0-9_-]{1,16}$".into());
    }
    let mut bank_name = r.bank_name.clone();
    if let Some(symbol) = &r.bank_symbol {
        match state.storage.bank(symbol).await? {
            Some(bank) if country.is_some_and(|c| c.code() == bank.country_code) => {
                bank_name = bank_name.or(Some(bank.name));
            }
            _ => fail("bank_symbol", format!("unknown bank {symbol} for {}", r.country)),
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let now = now_ms();
    let requisite = Requisite {
        id: uuid::Uuid::new_v4().simple().to_string(),
        country: r.country.clone(),
        currency: r.currency,
        methods: r.methods,
        pan: r.pan,
        card_holder: r.card_holder,
        bank_symbol: r.bank_symbol,
        bank_name,
        bank_country: r.bank_country.or(Some(r.country)),
        min_amount: r.min_amount,
        max_amount: r.max_amount,
        payment_system: r.payment_system,
        extra_param: r.extra_param,
        active: r.active.unwrap_or(true),
        last_used_ms: 0,
        created_ms: now,
    };
    state.storage.insert_requisite(&requisite).await?;
    if requisite.active {
        state.payments.requisites_may_be_free(&requisite.currency).await;
    }
    Ok(Json(requisite.into()))
}

async fn list_requisites(State(state): State<AppState>) -> ApiResult<Json<Vec<RequisiteView>>> {
    Ok(Json(state.storage.requisites().await?.into_iter().map(Into::into).collect()))
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
    if !state.storage.set_requisite_active(&id, body.active).await? {
        return Err(ApiError::NotFound);
    }
    let requisite = state.storage.requisite(&id).await?.ok_or(ApiError::NotFound)?;
    if requisite.active {
        state.payments.requisites_may_be_free(&requisite.currency).await;
    }
    Ok(Json(requisite.into()))
}

// ---------------------------------------------------------------------------------------------
// Payments

async fn load(state: &AppState, request_id: &str) -> ApiResult<Payment> {
    Ok(state.payments.by_request_id(request_id).await?)
}

fn answer(state: &AppState, p: &Payment) -> Json<PaymentResponse> {
    Json(PaymentResponse::of(p, View::P2p, &state.public_url))
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
}

async fn received(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<ReceivedIn>,
) -> ApiResult<Json<PaymentResponse>> {
    let amount = positive_amount(body.amount)?;
    let payment = load(&state, &body.request_id).await?;
    let payment = state.payments.funds_received(payment, amount).await?;
    Ok(answer(&state, &payment))
}

#[derive(Debug, Deserialize)]
struct ResolveIn {
    request_id: String,
    outcome: String,
    amount: Option<i64>,
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
    let payment = state.payments.resolve(payment, resolution, amount).await?;
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
    let payment = state.payments.push_result(payment, body.accepted).await?;
    Ok(answer(&state, &payment))
}

async fn payment(State(state): State<AppState>, Path(request_id): Path<String>) -> ApiResult<Json<PaymentResponse>> {
    let payment = load(&state, &request_id).await?;
    Ok(answer(&state, &payment))
}

#[derive(Debug, Deserialize)]
struct IncomingIn {
    /// Requisite id or its PAN.
    requisite: String,
    amount: i64,
    currency: String,
    /// The operator's reference of the transfer (logged).
    reference: Option<String>,
}

#[derive(Debug, Serialize)]
struct IncomingOut {
    matched: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    payment: Option<PaymentResponse>,
}

async fn incoming(
    State(state): State<AppState>,
    OperatorJson(body): OperatorJson<IncomingIn>,
) -> ApiResult<Json<IncomingOut>> {
    let amount = positive_amount(body.amount)?;
    let matched = state.payments.incoming(&body.requisite, amount, &body.currency).await?;
    tracing::info!(reference = ?body.reference, matched = matched.is_some(), "incoming funds reported");
    Ok(Json(IncomingOut {
        matched: matched.is_some(),
        payment: matched.map(|p| PaymentResponse::of(&p, View::P2p, &state.public_url)),
    }))
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
    let payment = state.payments.expire_now(payment).await?;
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
    let mut errors = Vec::new();
    if !is_bank_symbol(&b.symbol) {
        errors.push(FieldError::new("symbol", "must be 2 to 32 lowercase letters, digits or hyphens"));
    }
    if b.name.is_empty() || b.name.chars().count() > 64 {
        errors.push(FieldError::new("name", "must be 1 to 64 characters"));
    }
    if Country::parse(&b.country_code).is_none() {
        errors.push(FieldError::new("country_code", "must be a supported country"));
    }
    if b.sbp_code.as_ref().is_some_and(|c| !(c.len() == 12 && c.bytes().all(|d| d.is_ascii_digit()))) {
        errors.push(FieldError::new("sbp_code", "must match ^\\d{12}$"));
    }
    if b.is_sbp_bank && b.sbp_code.is_none() {
        errors.push(FieldError::new("sbp_code", "is required for an SBP bank"));
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let id = match state.storage.bank(&b.symbol).await? {
        Some(existing) => existing.id,
        None => format!("{}-{}", b.country_code.to_ascii_lowercase(), b.symbol).chars().take(32).collect(),
    };
    let bank = Bank {
        id,
        name: b.name,
        symbol: b.symbol,
        sbp_code: b.sbp_code,
        is_sbp_bank: b.is_sbp_bank,
        country_code: b.country_code,
        active: b.active,
    };
    state.storage.upsert_bank(&bank).await?;
    Ok(Json(bank))
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
    if let Some(m) =
        body.allowed_methods.iter().flatten().find(|m| Method::parse(m).is_none() && WidgetMethod::parse(m).is_none())
    {
        return Err(ApiError::field("allowed_methods", format!("unknown method {m}")));
    }
    let settings = ProjectSettings { allowed_methods: body.allowed_methods, antifraud: body.antifraud };
    if !state.storage.update_project_settings(&project_id, &settings).await? {
        return Err(ApiError::NotFound);
    }
    state.auth_cache.forget_project(&project_id);
    Ok(Json(settings))
}
