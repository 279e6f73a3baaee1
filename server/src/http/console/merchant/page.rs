//! What payers see on the payment page: the name, the colour, the logo and the sites that may
//! frame it.

use axum::extract::{Multipart, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::super::guard::{Allowed, Develops, Empty, MerchantUser, Posted};
use super::super::{Params, field, invalid_fields, text};
use crate::domain::brand::MAX_LOGO_BYTES;
use crate::domain::error::DomainError;
use crate::domain::project::Project;
use crate::domain::projects::BrandChange;
use crate::http::AppState;
use crate::http::shared::multipart::{TooLarge, file_field, small_field};
use app::i18n::Arg;
use app::model::{ActionForm, Block, FieldKind, FormField};

fn project_form(m: &MerchantUser, project: &Project) -> Block {
    let t = &m.s.texts;
    let settings = &project.settings;
    let name = settings.display_name.as_ref().map(|n| n.as_str().to_string()).unwrap_or_default();
    let color = settings.brand_color.as_ref().map(|c| c.as_str().to_string()).unwrap_or_default();
    let origins = settings.embed_origins.iter().map(|o| o.as_str()).collect::<Vec<_>>().join("\n");
    let fields = vec![
        FormField {
            value: name,
            hint: Some(t.ta("console-page-name-hint", &[("merchant", Arg::Text(project.merchant_name.clone()))])),
            ..field("display_name", t.t("console-page-name"), FieldKind::Text, false)
        },
        FormField {
            value: color,
            hint: Some(t.t("console-page-color-hint")),
            ..field("brand_color", t.t("console-page-color"), FieldKind::Text, false)
        },
        FormField {
            value: origins,
            hint: Some(t.t("console-page-embed-hint")),
            ..field("embed_origins", t.t("console-page-embed"), FieldKind::TextArea, false)
        },
    ];
    let form =
        ActionForm { inline: false, ..m.s.post(&format!("/page/{}", project.id), t.t("console-page-save"), fields) };
    let mut blocks =
        vec![Block::Facts(vec![(t.t("console-page-payee"), text(project.payee().to_string()))]), Block::Form(form)];
    let logo_path = format!("/page/{}/logo", project.id);
    if let Some(digest) = &settings.logo_digest {
        let src = format!("/brand/{}/logo?v={digest}", project.id);
        blocks.push(Block::Image { src, alt: t.t("console-page-logo-current") });
        let remove = m.s.post(&format!("{logo_path}/remove"), t.t("console-page-logo-remove"), vec![]);
        blocks.push(Block::Form(ActionForm { danger: true, ..remove }));
    }
    let file = FormField {
        hint: Some(t.t("console-page-logo-hint")),
        ..field("logo", t.t("console-page-logo"), FieldKind::File { accept: "image/png,image/webp".into() }, true)
    };
    blocks.push(Block::Form(ActionForm {
        inline: false,
        label: Some(t.t("console-page-logo")),
        ..m.s.post(&logo_path, t.t("console-page-logo-upload"), vec![file])
    }));
    Block::Section { heading: project.name.clone(), id: format!("p-{}", project.id), blocks }
}

/// The logo uploaded: its form's token checked before a byte of the file is read, the file
/// read into a buffer bounded by the logo limit, then checked and audited by the projects
/// service like the other page settings.
pub async fn logo(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Allowed(m, _): Allowed<Develops, MerchantUser>,
    mut form: Multipart,
) -> Response {
    if m.project(&project_id).is_none() {
        return m.s.not_found(&state);
    }
    let (mut csrf, mut data) = (None, None);
    loop {
        let mut field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(_) => return m.s.back("/page", "logo-invalid"),
        };
        match field.name() {
            Some("logo") => {
                if !m.s.csrf_ok(csrf.as_deref()) {
                    return super::super::forbidden(&state, &m.s);
                }
                match file_field(&mut field, MAX_LOGO_BYTES).await {
                    Ok(bytes) => data = Some(bytes),
                    Err(TooLarge) => return m.s.back("/page", "logo-invalid"),
                }
            }
            Some("csrf") => csrf = small_field(&mut field).await,
            _ => {}
        }
    }
    if !m.s.csrf_ok(csrf.as_deref()) {
        return super::super::forbidden(&state, &m.s);
    }
    match data.filter(|bytes| !bytes.is_empty()) {
        Some(bytes) => set_logo(&state, &m, &project_id, Some(bytes)).await,
        None => m.s.back("/page", "logo-invalid"),
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
    let change = BrandChange { display_name: None, brand_color: None, logo: Some(logo), embed_origins: None };
    match state.services.projects.set_brand(project_id, change, &m.s.user.who()).await {
        Ok(_) => m.s.back("/page", "saved"),
        Err(DomainError::Validation(_)) => m.s.back("/page", "logo-invalid"),
        Err(DomainError::Missing) => m.s.not_found(state),
        Err(e) => m.s.refused("/page", &e),
    }
}

fn blocks(m: &MerchantUser) -> Vec<Block> {
    m.projects.iter().map(|project| project_form(m, project)).collect()
}

pub async fn settings(
    State(state): State<AppState>,
    Allowed(m, _): Allowed<Develops, MerchantUser>,
    params: Params,
) -> Response {
    m.s.page(&state, "/page", m.s.texts.t("console-page-title"), m.s.notice(&params), blocks(&m))
}

#[derive(Deserialize)]
pub struct PageSettingsForm {
    display_name: Option<String>,
    brand_color: Option<String>,
    embed_origins: Option<String>,
}

/// An empty field clears its setting (the merchant's name, Kassa's colour).
fn given(value: &Option<String>) -> Option<Option<&str>> {
    Some(value.as_deref().map(str::trim).filter(|v| !v.is_empty()))
}

pub async fn save(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Posted { who: m, form, .. }: Posted<MerchantUser, PageSettingsForm, Develops>,
) -> Response {
    if m.project(&project_id).is_none() {
        return m.s.not_found(&state);
    }
    let origins = form.embed_origins.unwrap_or_default();
    let change = BrandChange {
        display_name: given(&form.display_name),
        brand_color: given(&form.brand_color),
        logo: None,
        embed_origins: Some(origins.split_whitespace().map(str::to_string).collect()),
    };
    match state.services.projects.set_brand(&project_id, change, &m.s.user.who()).await {
        Ok(_) => m.s.back("/page", "saved"),
        Err(DomainError::Validation(v)) => {
            let t = &m.s.texts;
            let labels = [
                ("display_name", "console-page-name"),
                ("brand_color", "console-page-color"),
                ("embed_origins", "console-page-embed"),
            ];
            let notice = Some(invalid_fields(t, &v, &labels));
            m.s.page_with_status(
                &state,
                StatusCode::BAD_REQUEST,
                "/page",
                t.t("console-page-title"),
                notice,
                blocks(&m),
            )
        }
        Err(DomainError::Missing) => m.s.not_found(&state),
        Err(e) => m.s.refused("/page", &e),
    }
}
