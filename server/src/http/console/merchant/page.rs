//! What payers see on the payment page: the name, the colour, the logo and the sites that may
//! frame it (the forms are the consoles' shared [`brand`](super::super::brand) ones).

use axum::extract::{Multipart, Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::super::brand::{FIELD_LABELS, LogoRefused, PageSettingsForm, brand_blocks, brand_change, read_logo};
use super::super::guard::{Allowed, Develops, Empty, MerchantUser, Posted};
use super::super::{Params, invalid_fields};
use crate::domain::error::DomainError;
use crate::domain::projects::BrandChange;
use crate::http::AppState;
use app::model::Block;

fn blocks(m: &MerchantUser) -> Vec<Block> {
    m.projects
        .iter()
        .map(|project| Block::Section {
            heading: project.name.clone(),
            id: format!("p-{}", project.id),
            blocks: brand_blocks(&m.s, &format!("/page/{}", project.id), project),
        })
        .collect()
}

pub async fn settings(
    State(state): State<AppState>,
    Allowed(m, _): Allowed<Develops, MerchantUser>,
    params: Params,
) -> Response {
    m.s.page(&state, "/page", m.s.texts.t("console-page-title"), m.s.notice(&params), blocks(&m))
}

/// The logo uploaded, then checked and audited by the projects service like the other page
/// settings.
pub async fn logo(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Allowed(m, _): Allowed<Develops, MerchantUser>,
    form: Multipart,
) -> Response {
    if m.project(&project_id).is_none() {
        return m.s.not_found(&state);
    }
    match read_logo(&m.s, form).await {
        Ok(bytes) => set_logo(&state, &m, &project_id, Some(bytes)).await,
        Err(LogoRefused::Forbidden) => super::super::forbidden(&state, &m.s),
        Err(LogoRefused::Invalid) => m.s.back("/page", "logo-invalid"),
    }
}

/// The logo removed: the page shows the payee's name alone again.
pub async fn remove_logo(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Posted { who: m, form: Empty {}, .. }: Posted<MerchantUser, Empty, Develops>,
) -> Response {
    if m.project(&project_id).is_none() {
        return m.s.not_found(&state);
    }
    set_logo(&state, &m, &project_id, None).await
}

async fn set_logo(state: &AppState, m: &MerchantUser, project_id: &str, logo: Option<Vec<u8>>) -> Response {
    let change = BrandChange { logo: Some(logo), ..Default::default() };
    match state.services.projects.set_brand(project_id, change, &m.s.user.who()).await {
        Ok(_) => m.s.back("/page", "saved"),
        Err(DomainError::Validation(_)) => m.s.back("/page", "logo-invalid"),
        Err(DomainError::Missing) => m.s.not_found(state),
        Err(e) => m.s.refused("/page", &e),
    }
}

pub async fn save(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Posted { who: m, form, .. }: Posted<MerchantUser, PageSettingsForm, Develops>,
) -> Response {
    if m.project(&project_id).is_none() {
        return m.s.not_found(&state);
    }
    match state.services.projects.set_brand(&project_id, brand_change(&form), &m.s.user.who()).await {
        Ok(_) => m.s.back("/page", "saved"),
        Err(DomainError::Validation(v)) => {
            let t = &m.s.texts;
            let notice = Some(invalid_fields(t, &v, &FIELD_LABELS));
            let title = t.t("console-page-title");
            m.s.page_with_status(&state, StatusCode::BAD_REQUEST, "/page", title, notice, blocks(&m))
        }
        Err(DomainError::Missing) => m.s.not_found(&state),
        Err(e) => m.s.refused("/page", &e),
    }
}
