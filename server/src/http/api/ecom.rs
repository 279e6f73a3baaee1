//! H2H card e-commerce: create, info (merchant-api.md endpoints 5–6) and
//! `confirm-3ds-result` (decisions.md §5–§6).

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Merchant;
use super::field::{Check, Field};
use super::payin::{
    CARD, CUSTOMER, CardIn, CustomerIn, EcomPaymentIn, GENERAL, GeneralIn, PAYMENT, PayinInput, PaymentBlock, SenderIn,
    create_payin,
};
use super::response::{MerchantErrors, PaymentErrors, PaymentRefGeneral, PaymentRefRequest, PaymentResponse, View};
use super::shape::{FieldRule, Fields, Shaped};
use crate::domain::payment::{Actor, PaymentType};
use crate::http::AppState;
use crate::http::shared::error::{ApiError, ApiResult};

/// E-commerce create request (no `redirect_url` in `general`: it is ignored).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({
    "general": {"project_id": "prj_example", "payment_id": "order-ecom-1"},
    "payment": {"method": "card-ecom", "amount": 150000, "currency": "RUB"},
    "card": {"pan": "4242424242424242", "year": 2031, "month": 12, "card_holder": "IVAN PETROV", "cvv": "123"},
    "customer": {"id": "customer-1", "ip_address": "203.0.113.7", "country": "RU", "email": "payer@example.com"}
}))]
pub struct EcomPayinRequest {
    #[schema(value_type = GeneralIn)]
    #[serde(default)]
    pub general: Field<GeneralIn>,
    #[schema(value_type = EcomPaymentIn)]
    #[serde(default)]
    pub payment: Field<EcomPaymentIn>,
    #[schema(value_type = CardIn)]
    #[serde(default)]
    pub card: Field<CardIn>,
    #[schema(value_type = CustomerIn)]
    #[serde(default)]
    pub customer: Field<CustomerIn>,
}

/// The issuer's result, forwarded by the merchant.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ThreeDsIn {
    /// `PaRes` as posted to the merchant's `TermUrl`.
    #[schema(value_type = String)]
    #[serde(default)]
    pub pa_res: Field<String>,
    /// `MD` as posted to the merchant's `TermUrl`.
    #[schema(value_type = String)]
    #[serde(default)]
    pub md: Field<String>,
}

impl ThreeDsIn {
    pub const PA_RES: FieldRule = FieldRule::text("3ds.pa_res", true, 8192);
    pub const MD: FieldRule = FieldRule::text("3ds.md", true, 255);
}

impl Shaped for ThreeDsIn {
    const FIELDS: Fields = &[("pa_res", &Self::PA_RES), ("md", &Self::MD)];
}

const THREE_DS: FieldRule = FieldRule::object("3ds", true);

impl Shaped for Confirm3dsRequest {
    const FIELDS: Fields = &[("general", &GENERAL), ("3ds", &THREE_DS)];
}

/// The e-commerce request has no `sender`.
static NO_SENDER: Field<SenderIn> = Field::Absent;

impl EcomPayinRequest {
    pub fn input(&self) -> PayinInput<'_> {
        PayinInput {
            general: &self.general,
            payment: PaymentBlock::Ecom(&self.payment),
            sender: &NO_SENDER,
            customer: &self.customer,
            card: Some(&self.card),
        }
    }
}

impl Shaped for EcomPayinRequest {
    const FIELDS: Fields = &[("general", &GENERAL), ("payment", &PAYMENT), ("card", &CARD), ("customer", &CUSTOMER)];
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct Confirm3dsRequest {
    #[schema(value_type = PaymentRefGeneral)]
    #[serde(default)]
    pub general: Field<PaymentRefGeneral>,
    #[serde(rename = "3ds", default)]
    #[schema(value_type = ThreeDsIn, rename = "3ds")]
    pub three_ds: Field<ThreeDsIn>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create)).routes(routes!(info)).routes(routes!(confirm_3ds_result))
}

/// Create a card payment. It answers `processing:new`; the acquirer runs right after, and the
/// payment moves to `success`, `decline`, or `processing:awaiting_3ds_result` /
/// `processing:awaiting_redirect_result` (callback and info carry `asc_info` / `redirect_info`).
#[utoipa::path(post, path = "/api/v1/payment/ecom/payin", tag = "H2H e-commerce", request_body = EcomPayinRequest,
    responses((status = 200, description = "Created, or the existing payment for a retried request", body = PaymentResponse), MerchantErrors, PaymentErrors),
    security(("signature" = [])))]
pub async fn create(
    State(state): State<AppState>,
    req: Merchant<EcomPayinRequest>,
) -> ApiResult<Json<PaymentResponse>> {
    // The domain starts the authorization; the card lives in its memory only.
    let created = create_payin(&state, &req.project, &req.fingerprint, &req.first_use, req.body.input()).await?;
    Ok(Json(PaymentResponse::of(&created.payment, View::Ecom, &state.public_url)))
}

/// Card payment status; `asc_info` / `redirect_info` while authentication is pending.
#[utoipa::path(post, path = "/api/v1/payment/ecom/payin/info", tag = "H2H e-commerce", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn info(State(state): State<AppState>, req: Merchant<PaymentRefRequest>) -> ApiResult<Json<PaymentResponse>> {
    let payment = state.services.lookup.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payin).await?;
    Ok(Json(PaymentResponse::of(&payment, View::Ecom, &state.public_url)))
}

/// Forward the issuer's `PaRes` and `MD`: a valid result succeeds, an invalid one declines
/// with `3DS authentication failed`. Repeating it on the payment it finalized answers the same;
/// a payment that never awaited a 3DS or redirect result answers 409.
#[utoipa::path(post, path = "/api/v1/payment/ecom/payin/confirm-3ds-result", tag = "H2H e-commerce", request_body = Confirm3dsRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn confirm_3ds_result(
    State(state): State<AppState>,
    req: Merchant<Confirm3dsRequest>,
) -> ApiResult<Json<PaymentResponse>> {
    let mut c = Check::default();
    let payment_id = c.block(&GENERAL, &req.body.general).and_then(|g| c.text(&GeneralIn::PAYMENT_ID, &g.payment_id));
    let three_ds = c.block(&THREE_DS, &req.body.three_ds);
    let pa_res = three_ds.and_then(|t| c.text(&ThreeDsIn::PA_RES, &t.pa_res));
    let md = three_ds.and_then(|t| c.text(&ThreeDsIn::MD, &t.md));
    c.finish().map_err(ApiError::Validation)?;
    let (Some(payment_id), Some(pa_res), Some(md)) = (payment_id, pa_res, md) else {
        return Err(ApiError::InvalidRequest);
    };
    let payment = state.services.lookup.find_of(&req.project.id, &payment_id, PaymentType::Payin).await?;
    let payment = state.services.cards.complete_3ds(payment, &pa_res, &md, Actor::Merchant).await?;
    Ok(Json(PaymentResponse::of(&payment, View::Ecom, &state.public_url)))
}
