//! The common response body (merchant-api.md "Common response body") and the documented
//! error responses of merchant endpoints.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::field::{Check, Field};
use super::payin::{GENERAL, GeneralIn};
use super::shape::{Fields, Shaped};
use crate::domain::payment::Payment;
use crate::http::shared::error::{ApiError, ErrorBody};
use crate::wire::{
    AscInfoView, CardView, CustomerView, DisplayItem, IntegrationInfo, PaymentInfo, ReceiverView, RecipientRequisites,
    RedirectInfoView, SenderView, asc_info, display_data, redirect_info,
};

/// Common response body of create, info, cancel and confirm.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentResponse {
    #[schema(example = "processing")]
    pub status: &'static str,
    #[schema(example = "requisites")]
    pub sub_status: Option<&'static str>,
    /// Filled for `decline` and `dispute`.
    pub status_description: Option<String>,
    /// The service's id of the payment.
    pub request_id: String,
    pub project_id: String,
    pub payment_id: String,
    /// Hosted page (p2p and widget).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub integration: Option<IntegrationInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_info: Option<PaymentInfo>,
    /// H2H p2p: the requisites to pay to, once issued (null before).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RecipientRequisites>)]
    pub recipient_requisites: Option<Option<RecipientRequisites>>,
    /// H2H p2p: masked sender.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sender: Option<SenderView>,
    /// H2H p2p: the payment instruction, once requisites are issued.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display_data: Option<Vec<DisplayItem>>,
    /// E-commerce: masked card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardView>,
    /// E-commerce: the customer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer: Option<CustomerView>,
    /// E-commerce: 3DS challenge data in `processing:awaiting_3ds_result`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asc_info: Option<AscInfoView>,
    /// E-commerce: redirect data in `processing:awaiting_redirect_result`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_info: Option<RedirectInfoView>,
    /// Payouts: the receiver (card or account number masked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub receiver: Option<ReceiverView>,
}

/// Which API family answers: they show different parts of the payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    P2p,
    Widget,
    Ecom,
    Payout,
}

impl PaymentResponse {
    pub fn of(p: &Payment, view: View, public_url: &str) -> Self {
        let p2p = view == View::P2p;
        let ecom = view == View::Ecom;
        let payout = view == View::Payout;
        let instruction = if p2p { display_data(p, public_url) } else { Vec::new() };
        PaymentResponse {
            status: p.state.status(),
            sub_status: p.state.sub_status(),
            status_description: p.status_description.clone(),
            request_id: p.request_id.clone(),
            project_id: p.project_id.clone(),
            payment_id: p.payment_id.clone(),
            // A payout has no page to send anyone to.
            integration: (!ecom && !payout).then(|| IntegrationInfo::of(p, public_url)),
            payment_info: Some(PaymentInfo::of(p)),
            recipient_requisites: p2p.then(|| RecipientRequisites::of(p)),
            sender: if p2p { SenderView::of(p) } else { None },
            display_data: (!instruction.is_empty()).then_some(instruction),
            card: if ecom { CardView::of(p) } else { None },
            customer: ecom.then(|| CustomerView { id: p.details.customer.id.clone() }),
            asc_info: if ecom { asc_info(p) } else { None },
            redirect_info: if ecom { redirect_info(p) } else { None },
            receiver: if payout { ReceiverView::of(p) } else { None },
        }
    }
}

/// `general` of requests that name an existing payment (info, cancel, confirm).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PaymentRefGeneral {
    #[schema(value_type = String)]
    #[serde(default)]
    pub project_id: Field<String>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub payment_id: Field<String>,
}

impl Shaped for PaymentRefGeneral {
    const FIELDS: Fields = &[("project_id", &GeneralIn::PROJECT_ID), ("payment_id", &GeneralIn::PAYMENT_ID)];
}

/// Request naming a payment of the project.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PaymentRefRequest {
    #[schema(value_type = PaymentRefGeneral)]
    #[serde(default)]
    pub general: Field<PaymentRefGeneral>,
}

impl Shaped for PaymentRefRequest {
    const FIELDS: Fields = &[("general", &GENERAL)];
}

impl PaymentRefRequest {
    /// The `payment_id` named by the request.
    pub fn payment_id(&self) -> Result<String, ApiError> {
        let mut c = Check::default();
        let id = c.block(&GENERAL, &self.general).and_then(|g| c.text(&GeneralIn::PAYMENT_ID, &g.payment_id));
        c.finish().map_err(ApiError::Validation)?;
        id.ok_or(ApiError::InvalidRequest)
    }
}

/// Error responses every merchant endpoint may give (decisions.md §4).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum MerchantErrors {
    /// Invalid JSON, wrong content type, or a field rule failed (every invalid field in `errors`).
    #[response(status = 400)]
    BadRequest(ErrorBody),
    /// `Invalid signature`, `Invalid timestamp`, `Unknown key` or `Missing header: <name>`.
    #[response(status = 401)]
    Unauthorized(ErrorBody),
    /// The project is not the merchant's (`Access denied`).
    #[response(status = 403)]
    Forbidden(ErrorBody),
    /// Body over 64 KiB.
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// Rate limit of the project (`retry-after` header).
    #[response(status = 429)]
    TooMany(ErrorBody),
    /// Storage unavailable.
    #[response(status = 503)]
    Unavailable(ErrorBody),
}

/// Errors of endpoints that name an existing payment.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum PaymentErrors {
    /// `Payment not found`.
    #[response(status = 404)]
    NotFound(ErrorBody),
    /// The operation is not allowed in the current status (`Payment is final`, ...), or a
    /// `payment_id` reused with a different body (`Duplicate payment_id`).
    #[response(status = 409)]
    Conflict(ErrorBody),
}
