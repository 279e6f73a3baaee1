//! H2C widget: create and info (merchant-api.md endpoints 7–8). The user pays on the hosted
//! page at `integration.form_url`.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Merchant;
use super::field::Field;
use super::payin::{
    CUSTOMER, CustomerIn, GENERAL, GeneralIn, PAYMENT, PayinInput, PaymentBlock, SENDER, SenderIn, WidgetPaymentIn,
    create_payin,
};
use super::response::{MerchantErrors, PaymentErrors, PaymentRefRequest, PaymentResponse, View};
use super::shape::{Fields, Shaped};
use crate::domain::payment::PaymentType;
use crate::http::AppState;
use crate::http::shared::error::ApiResult;

/// Widget `sender`: only `bank_symbol`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WidgetSenderIn {
    /// Sender bank.
    pub bank_symbol: Option<String>,
}

impl Shaped for WidgetSenderIn {
    const FIELDS: Fields = &[("bank_symbol", &SenderIn::BANK_SYMBOL)];
}

impl WidgetPayinRequest {
    pub fn input(&self) -> PayinInput<'_> {
        PayinInput {
            general: &self.general,
            payment: PaymentBlock::Widget(&self.payment),
            sender: &self.sender,
            customer: &self.customer,
            card: None,
        }
    }
}

impl Shaped for WidgetPayinRequest {
    const FIELDS: Fields =
        &[("general", &GENERAL), ("payment", &PAYMENT), ("sender", &SENDER), ("customer", &CUSTOMER)];
}

/// Widget create request. `payment.method` is not used: `widget_method` pre-selects a method,
/// otherwise the user picks one on the page (KZ: required, exactly
/// `payin-p2p-card-international`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({
    "general": {"project_id": "prj_example", "payment_id": "order-widget-1",
                "redirect_url": "https://shop.example/orders/1"},
    "payment": {"amount": 150000, "currency": "RUB", "widget_method": "payin-p2p-card"},
    "customer": {"id": "customer-1", "ip_address": "203.0.113.7", "country": "RU", "email": "payer@example.com"}
}))]
pub struct WidgetPayinRequest {
    #[schema(value_type = GeneralIn)]
    #[serde(default)]
    pub general: Field<GeneralIn>,
    #[schema(value_type = WidgetPaymentIn)]
    #[serde(default)]
    pub payment: Field<WidgetPaymentIn>,
    #[schema(value_type = Option<WidgetSenderIn>)]
    #[serde(default)]
    pub sender: Field<SenderIn>,
    #[schema(value_type = CustomerIn)]
    #[serde(default)]
    pub customer: Field<CustomerIn>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create)).routes(routes!(info))
}

/// Create a widget payin; redirect the user to `integration.form_url`.
#[utoipa::path(post, path = "/api/v1/widget/payin", tag = "H2C widget", request_body = WidgetPayinRequest,
    responses((status = 200, description = "Created, or the existing payment for a retried request", body = PaymentResponse), MerchantErrors, PaymentErrors),
    security(("signature" = [])))]
pub async fn create(
    State(state): State<AppState>,
    req: Merchant<WidgetPayinRequest>,
) -> ApiResult<Json<PaymentResponse>> {
    let created = create_payin(&state, &req.project, &req.fingerprint, &req.first_use, req.body.input()).await?;
    Ok(Json(PaymentResponse::of(&created.payment, View::Widget, &state.public_url)))
}

/// Widget payment status.
#[utoipa::path(post, path = "/api/v1/widget/payin/info", tag = "H2C widget", request_body = PaymentRefRequest,
    responses((status = 200, body = PaymentResponse), MerchantErrors, PaymentErrors), security(("signature" = [])))]
pub async fn info(State(state): State<AppState>, req: Merchant<PaymentRefRequest>) -> ApiResult<Json<PaymentResponse>> {
    let payment = state.services.lookup.find_of(&req.project.id, &req.body.payment_id()?, PaymentType::Payin).await?;
    Ok(Json(PaymentResponse::of(&payment, View::Widget, &state.public_url)))
}
