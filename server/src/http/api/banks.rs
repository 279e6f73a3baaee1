//! Bank lists: endpoint 9 and the two p2p bank paths of decisions.md §6.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Merchant;
use super::field::{Check, Field};
use super::payin::GENERAL;
use super::payout::ProjectGeneral;
use super::response::MerchantErrors;
use super::shape::{FieldRule, Fields, Shaped};
use crate::domain::{bank::Bank, banks::BankList};
use crate::http::AppState;
use crate::http::shared::error::{ApiError, ApiResult};

/// Bank record (merchant-api.md "Bank record").
#[derive(Debug, Serialize, ToSchema)]
pub struct BankRecord {
    pub id: String,
    pub name: String,
    /// Used as `bank_symbol` in payment requests.
    pub symbol: String,
    /// Code in the fast payment system (RU), 12 digits.
    pub sbp_code: Option<String>,
    /// Takes part in the fast payment system. A bank without it cannot receive `sbp-p2p` payouts.
    pub is_sbp_bank: bool,
    pub country_code: String,
}

impl From<Bank> for BankRecord {
    fn from(b: Bank) -> Self {
        BankRecord {
            id: b.id,
            name: b.name,
            symbol: b.symbol,
            sbp_code: b.sbp_code,
            is_sbp_bank: b.is_sbp_bank,
            country_code: b.country_code,
        }
    }
}

/// Optional filters of the p2p bank lists.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BankFilterIn {
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub currency: Field<String>,
    /// H2H or widget method code.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub method: Field<String>,
}

/// Bank list request.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BankListRequest {
    #[schema(value_type = ProjectGeneral)]
    #[serde(default)]
    pub general: Field<ProjectGeneral>,
    #[schema(value_type = Option<BankFilterIn>)]
    #[serde(default)]
    pub payment: Field<BankFilterIn>,
}

impl BankFilterIn {
    pub const CURRENCY: FieldRule = FieldRule::text("payment.currency", false, 3);
    pub const METHOD: FieldRule = FieldRule::text("payment.method", false, 32);
}

impl Shaped for BankFilterIn {
    const FIELDS: Fields = &[("currency", &Self::CURRENCY), ("method", &Self::METHOD)];
}

/// The filters are optional.
const FILTER: FieldRule = FieldRule::object("payment", false);

impl Shaped for BankListRequest {
    const FIELDS: Fields = &[("general", &GENERAL), ("payment", &FILTER)];
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(all)).routes(routes!(p2p_all)).routes(routes!(p2p_available))
}

/// Every bank of the catalogue.
#[utoipa::path(post, path = "/api/v1/bank/all", tag = "Banks", request_body = BankListRequest,
    responses((status = 200, body = Vec<BankRecord>), MerchantErrors), security(("signature" = [])))]
pub async fn all(State(state): State<AppState>, req: Merchant<BankListRequest>) -> ApiResult<Json<Vec<BankRecord>>> {
    list(&state, &req, BankList::All).await
}

/// Banks of the project's countries, for `sender.bank_symbol`.
#[utoipa::path(post, path = "/api/v1/payment/p2p/bank/all", tag = "Banks", request_body = BankListRequest,
    responses((status = 200, body = Vec<BankRecord>), MerchantErrors), security(("signature" = [])))]
pub async fn p2p_all(
    State(state): State<AppState>,
    req: Merchant<BankListRequest>,
) -> ApiResult<Json<Vec<BankRecord>>> {
    list(&state, &req, BankList::ProjectCountries).await
}

/// Banks that currently have active requisites for the project, for `payment.bank_symbol`.
#[utoipa::path(post, path = "/api/v1/payment/p2p/bank/available", tag = "Banks", request_body = BankListRequest,
    responses((status = 200, body = Vec<BankRecord>), MerchantErrors), security(("signature" = [])))]
pub async fn p2p_available(
    State(state): State<AppState>,
    req: Merchant<BankListRequest>,
) -> ApiResult<Json<Vec<BankRecord>>> {
    list(&state, &req, BankList::Available).await
}

async fn list(state: &AppState, req: &Merchant<BankListRequest>, which: BankList) -> ApiResult<Json<Vec<BankRecord>>> {
    let (currency, method) = filters(&req.body)?;
    let banks = state.services.banks.list(&req.project, which, currency.as_deref(), method.as_deref()).await?;
    Ok(Json(banks.into_iter().map(Into::into).collect()))
}

/// The optional currency and method filters, shape-checked.
fn filters(req: &BankListRequest) -> Result<(Option<String>, Option<String>), ApiError> {
    let mut c = Check::default();
    let filter = c.block(&FILTER, &req.payment);
    let currency = filter.and_then(|f| c.text(&BankFilterIn::CURRENCY, &f.currency));
    let method = filter.and_then(|f| c.text(&BankFilterIn::METHOD, &f.method));
    c.finish().map_err(ApiError::Validation)?;
    Ok((currency, method))
}
