//! The error body of decisions.md §4, and the one place errors become HTTP responses.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::error::DomainError;
use crate::domain::ports::StoreError;
use crate::domain::state_machine::IllegalMove;
use crate::domain::violations::Violation;

/// One invalid field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct FieldError {
    /// Dotted path of the field, e.g. `payment.amount`.
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self { field: field.into(), message: message.into() }
    }
}

impl From<Violation> for FieldError {
    fn from(v: Violation) -> Self {
        FieldError { field: v.field, message: v.message }
    }
}

/// Error response body.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always `error`.
    #[schema(example = "error")]
    pub status: &'static str,
    /// Always null.
    pub sub_status: Option<String>,
    #[schema(example = "Validation failed")]
    pub status_description: String,
    /// Every invalid field (validation errors), else empty.
    pub errors: Vec<FieldError>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_id: Option<String>,
}

/// Why authentication failed (decisions.md §2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuthFailure {
    #[error("Missing header: {0}")]
    MissingHeader(&'static str),
    #[error("Invalid timestamp")]
    InvalidTimestamp,
    #[error("Unknown key")]
    UnknownKey,
    #[error("Invalid signature")]
    InvalidSignature,
    /// The same signed message (body and timestamp) was already used on another endpoint.
    #[error("Signature already used")]
    Replayed,
}

/// Every error the HTTP layer answers with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("Invalid JSON: {0}")]
    InvalidJson(String),
    #[error("Invalid request")]
    InvalidRequest,
    #[error("Validation failed")]
    Validation(Vec<FieldError>),
    #[error(transparent)]
    Unauthorized(#[from] AuthFailure),
    #[error("Access denied")]
    AccessDenied,
    #[error("Payment not found")]
    PaymentNotFound,
    #[error("Not found")]
    NotFound,
    #[error("Duplicate payment_id")]
    DuplicatePaymentId,
    #[error("{0}")]
    Conflict(String),
    #[error("Payload too large")]
    PayloadTooLarge,
    #[error("Too many requests")]
    TooManyRequests { retry_after_s: u64 },
    #[error("Service unavailable")]
    Unavailable,
    #[error("Internal error")]
    Internal,
}

impl ApiError {
    pub fn status_code(&self) -> StatusCode {
        match self {
            ApiError::InvalidJson(_) | ApiError::InvalidRequest | ApiError::Validation(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::AccessDenied => StatusCode::FORBIDDEN,
            ApiError::PaymentNotFound | ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::DuplicatePaymentId | ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn field(field: impl Into<String>, message: impl Into<String>) -> Self {
        ApiError::Validation(vec![FieldError::new(field, message)])
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            status: "error",
            sub_status: None,
            status_description: self.to_string(),
            errors: match self {
                ApiError::Validation(errors) => errors.clone(),
                _ => Vec::new(),
            },
            request_id: None,
            project_id: None,
            payment_id: None,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Unavailable(_) => {
                tracing::warn!(error = %e, "storage unavailable");
                ApiError::Unavailable
            }
            e => {
                tracing::error!(error = ?e, "storage error");
                ApiError::Internal
            }
        }
    }
}

impl From<DomainError> for ApiError {
    fn from(e: DomainError) -> Self {
        match e {
            DomainError::NotFound => ApiError::PaymentNotFound,
            DomainError::Missing => ApiError::NotFound,
            DomainError::DuplicatePaymentId => ApiError::DuplicatePaymentId,
            DomainError::Illegal(m) => ApiError::Conflict(m.to_string()),
            DomainError::Validation(v) => ApiError::Validation(v.into_iter().map(FieldError::from).collect()),
            DomainError::Busy => ApiError::Conflict("Payment is being changed, retry".into()),
            DomainError::Refused(refusal) => ApiError::Conflict(refusal.to_string()),
            DomainError::Internal(what) => {
                tracing::error!(what, "internal failure");
                ApiError::Internal
            }
            DomainError::Storage(e) => e.into(),
            DomainError::Replayed => ApiError::Unauthorized(AuthFailure::Replayed),
        }
    }
}

impl From<IllegalMove> for ApiError {
    fn from(m: IllegalMove) -> Self {
        ApiError::Conflict(m.to_string())
    }
}

/// Render an error with the identifiers of the request it answers.
pub fn error_response(error: &ApiError, body: ErrorBody) -> Response {
    let mut response = (error.status_code(), axum::Json(&body)).into_response();
    if let ApiError::TooManyRequests { retry_after_s } = error
        && let Ok(v) = HeaderValue::from_str(&retry_after_s.to_string())
    {
        response.headers_mut().insert(header::RETRY_AFTER, v);
    }
    response.extensions_mut().insert(body);
    response
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = self.body();
        error_response(&self, body)
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
