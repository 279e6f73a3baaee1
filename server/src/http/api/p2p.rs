//! H2H p2p payins: create, info, cancel, confirm (merchant-api.md endpoints 1–4).

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Merchant;
use super::field::Field;
use super::payin::{
    CUSTOMER, CustomerIn, GENERAL, GeneralIn, P2pPaymentIn, PAYMENT, PayinInput, PaymentBlock, SENDER, SenderIn,
    create_payin,
};
use super::response::{MerchantErrors, PaymentErrors, PaymentRefRequest, PaymentResponse, View};
use super::shape::{Fields, Shaped};
use crate::domain::payment::{Actor, PaymentType};
use crate::http::AppState;
use crate::http::shared::error::ApiResult;

/// H2H p2p create request.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({
    "general": {"project_id": "prj_example", "payment_id": "order-p2p-1",
                "merchant_callback_url": "https://shop.example/kassa/callback"},
    "payment": {"method": "card-p2p", "amount": 150000, "currency": "RUB"},
    "sender": {},
    "customer": {"id": "customer-1", "ip_address": "203.0.113.7", "country": "RU", "email": "payer@example.com"}
}))]
pub struct P2pPayinRequest {
    #[schema(value_type = GeneralIn)]
    #[serde(default)]
    pub general: Field<GeneralIn>,
    #[schema(value_type = P2pPaymentIn)]
    #[serde(default)]
    pub payment: Field<P2pPaymentIn>,
    /// Required in AZ and UZ (`{}` when empty; `null` is refused); optional elsewhere.
    #[schema(value_type = Option<SenderIn>)]
    #[serde(default)]
    pub sender: Field<SenderIn>,
    #[schema(value_type = CustomerIn)]
    #[serde(default)]
    pub customer: Field<CustomerIn>,
}

impl P2pPayinRequest {
    pub fn input(&self) -> PayinInput<'_> {
        PayinInput {
            general: &self.general,
            payment: PaymentBlock::P2p(&self.payment),
            sender: &self.sender,
            customer: &self.customer,
            card: None,
        }
    }
}

impl Shaped for P2pPayinRequest {
    const FIELDS: Fields =
        &[("general", &GENERAL), ("payment", &PAYMENT), ("sender", &SENDER), ("customer", &CUSTOMER)];
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create)).routes(routes!(info)).routes(routes!(cancel)).routes(routes!(confirm))
}

/// Create a p2p payin. The payment starts in `processing:requisites`; requisites follow in
/// the background (poll info or wait for the informative callback).
#[utoipa::path(post, path = "/api/v1/payment/p2p/payin", tag = "H2H p2p", request_body = P2pPayinRequest,
    responses((status = 200, description = "Created, or the existing payment for a retried request", body = PaymentResponse), MerchantErrors, PaymentErrors),
    security(("signature" = [])))]
pub async fn create(State(state): State<AppState>, req: Merchant<P2pPayinRequest>) -> ApiResult<Json<PaymentResponse>> {
    let created = create_payin(&state, &req.project, &req.fingerprint, &req.first_use, req.body.input()).await?;
    Ok(Json(PaymentResponse::of(&created.payment, View::P2p, &state.public_url)))
}

/// Payment status, requisites and payment instruction.
#[utoipa::path(post, path = "/api/v1/payment/p2p/payin/info", tag = "H2H p2p", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn info(State(state): State<AppState>, req: Merchant<PaymentRefRequest>) -> ApiResult<Json<PaymentResponse>> {
    let payment = state.services.lookup.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payin).await?;
    Ok(Json(PaymentResponse::of(&payment, View::P2p, &state.public_url)))
}

/// Cancel a payment: `decline` / `Canceled by client`.
#[utoipa::path(post, path = "/api/v1/payment/p2p/payin/cancel", tag = "H2H p2p", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn cancel(
    State(state): State<AppState>,
    req: Merchant<PaymentRefRequest>,
) -> ApiResult<Json<PaymentResponse>> {
    let payment = state.services.lookup.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payin).await?;
    let payment = state.services.payins.cancel(payment, Actor::Merchant).await?;
    Ok(Json(PaymentResponse::of(&payment, View::P2p, &state.public_url)))
}

/// The user transferred the amount: `processing:paid` (idempotent).
#[utoipa::path(post, path = "/api/v1/payment/p2p/payin/confirm", tag = "H2H p2p", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn confirm(
    State(state): State<AppState>,
    req: Merchant<PaymentRefRequest>,
) -> ApiResult<Json<PaymentResponse>> {
    let payment = state.services.lookup.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payin).await?;
    let payment = state.services.payins.confirm(payment, Actor::Merchant).await?;
    Ok(Json(PaymentResponse::of(&payment, View::P2p, &state.public_url)))
}
