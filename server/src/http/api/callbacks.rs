//! The attempt log of a payment's callbacks, and resending one by hand (decisions.md §3):
//! for merchants (signed) and operators.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Merchant;
use super::field::{Check, Field};
use super::payin::{GENERAL, GeneralIn};
use super::response::{MerchantErrors, PaymentErrors};
use super::shape::{FieldRule, Fields, Shaped};
use crate::domain::outbox::CallbackRecord;
use crate::http::AppState;
use crate::http::shared::error::{ApiError, ApiResult};

/// One delivery attempt.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptView {
    /// Unix milliseconds.
    pub at_ms: i64,
    /// HTTP status of the answer, when there was one.
    pub http_status: Option<i64>,
    /// Why the attempt failed without an answer (timeout, refused address, ...).
    pub error: Option<String>,
    pub latency_ms: i64,
    /// The first bytes of the answer.
    pub response_excerpt: Option<String>,
}

/// A callback and its attempts.
#[derive(Debug, Serialize, ToSchema)]
pub struct CallbackView {
    pub id: i64,
    /// `informative`, `success` or `decline`.
    pub kind: &'static str,
    pub url: String,
    /// `pending`, `delivered`, `superseded` or `abandoned`.
    pub state: &'static str,
    pub idempotency_key: String,
    /// The body as sent.
    #[schema(value_type = Object)]
    pub body: serde_json::Value,
    pub created_ms: i64,
    pub delivered_ms: Option<i64>,
    /// When the next attempt is due (pending callbacks).
    pub next_attempt_ms: Option<i64>,
    pub attempts: Vec<AttemptView>,
}

impl From<CallbackRecord> for CallbackView {
    fn from(r: CallbackRecord) -> Self {
        CallbackView {
            id: r.id,
            kind: r.kind.code(),
            url: r.url,
            state: r.state.code(),
            idempotency_key: r.idempotency_key,
            body: serde_json::from_str(&r.body).unwrap_or(serde_json::Value::Null),
            created_ms: r.created_ms,
            delivered_ms: r.delivered_ms,
            next_attempt_ms: r.next_attempt_ms,
            attempts: r
                .attempts
                .into_iter()
                .map(|a| AttemptView {
                    at_ms: a.at_ms,
                    http_status: a.http_status,
                    error: a.error,
                    latency_ms: a.latency_ms,
                    response_excerpt: a.response_excerpt,
                })
                .collect(),
        }
    }
}

/// `general` naming a payment and, to resend, one of its callbacks.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CallbacksGeneral {
    #[schema(value_type = String)]
    #[serde(default)]
    pub project_id: Field<String>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub payment_id: Field<String>,
    /// The callback to resend.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub callback_id: Field<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CallbacksRequest {
    #[schema(value_type = CallbacksGeneral)]
    #[serde(default)]
    pub general: Field<CallbacksGeneral>,
}

impl CallbacksGeneral {
    /// Required to resend.
    pub const CALLBACK_ID: FieldRule = FieldRule::integer("general.callback_id", false, 1, i64::MAX);
}

impl Shaped for CallbacksGeneral {
    const FIELDS: Fields = &[
        ("project_id", &GeneralIn::PROJECT_ID),
        ("payment_id", &GeneralIn::PAYMENT_ID),
        ("callback_id", &Self::CALLBACK_ID),
    ];
}

impl Shaped for CallbacksRequest {
    const FIELDS: Fields = &[("general", &GENERAL)];
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(resend))
}

fn parse(req: &CallbacksRequest, need_callback: bool) -> Result<(String, Option<i64>), ApiError> {
    let mut c = Check::default();
    let general = c.block(&GENERAL, &req.general);
    let payment_id = general.and_then(|g| c.text(&GeneralIn::PAYMENT_ID, &g.payment_id));
    let callback_id = general.and_then(|g| c.integer(&CallbacksGeneral::CALLBACK_ID, &g.callback_id));
    if need_callback && general.is_some_and(|g| !g.callback_id.is_present()) {
        c.fail(CallbacksGeneral::CALLBACK_ID.field, "is required");
    }
    c.finish().map_err(ApiError::Validation)?;
    Ok((payment_id.ok_or(ApiError::InvalidRequest)?, callback_id))
}

/// The callbacks of a payment with every delivery attempt.
#[utoipa::path(post, path = "/api/v1/callbacks", tag = "Callbacks", request_body = CallbacksRequest,
    responses((status = 200, body = Vec<CallbackView>), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn list(
    State(state): State<AppState>,
    req: Merchant<CallbacksRequest>,
) -> ApiResult<Json<Vec<CallbackView>>> {
    let (payment_id, _) = parse(&req.body, false)?;
    let payment = state.services.lookup.find(&req.project.id, &payment_id).await?;
    Ok(Json(state.services.callback_log.of_payment(&payment.request_id).await?.into_iter().map(Into::into).collect()))
}

/// Queue a callback of the payment for an immediate new attempt. `general.callback_id` is
/// required here (the callback list of `/api/v1/callbacks` gives it).
#[utoipa::path(post, path = "/api/v1/callbacks/resend", tag = "Callbacks", request_body = CallbacksRequest,
    responses((status = 200, body = Vec<CallbackView>), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn resend(
    State(state): State<AppState>,
    req: Merchant<CallbacksRequest>,
) -> ApiResult<Json<Vec<CallbackView>>> {
    let (payment_id, callback_id) = parse(&req.body, true)?;
    let payment = state.services.lookup.find(&req.project.id, &payment_id).await?;
    let records =
        state.services.callback_log.resend(&payment.request_id, callback_id.unwrap_or_default(), None).await?;
    Ok(Json(records.into_iter().map(Into::into).collect()))
}
