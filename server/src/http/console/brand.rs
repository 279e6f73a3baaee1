//! A project's payment page settings (name, colour, framing sites, logo), in both consoles: the
//! merchant's developers set their own, the operator's administrators any project's. The same
//! forms, the same reading of them, the same projects service and audit.

use axum::extract::Multipart;
use serde::Deserialize;

use super::{Signed, field, text};
use crate::domain::brand::MAX_LOGO_BYTES;
use crate::domain::project::Project;
use crate::domain::projects::BrandChange;
use crate::http::shared::multipart::{TooLarge, file_field, small_field};
use app::i18n::Arg;
use app::model::{ActionForm, Block, FieldKind, FormField};

/// The settings form of a project, its logo and the logo's upload and removal, posted under
/// `path` (`/page/{id}` in the merchant console, `/projects/{id}` in the operator's).
pub fn brand_blocks(s: &Signed, path: &str, project: &Project) -> Vec<Block> {
    let t = &s.texts;
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
    let form = ActionForm { inline: false, ..s.post(path, t.t("console-page-save"), fields) };
    let mut blocks =
        vec![Block::Facts(vec![(t.t("console-page-payee"), text(project.payee().to_string()))]), Block::Form(form)];
    let logo_path = format!("{path}/logo");
    if let Some(digest) = &settings.logo_digest {
        let src = format!("/brand/{}/logo?v={digest}", project.id);
        blocks.push(Block::Image { src, alt: t.t("console-page-logo-current") });
        let remove = s.post(&format!("{logo_path}/remove"), t.t("console-page-logo-remove"), vec![]);
        blocks.push(Block::Form(ActionForm { danger: true, ..remove }));
    }
    let file = FormField {
        hint: Some(t.t("console-page-logo-hint")),
        ..field("logo", t.t("console-page-logo"), FieldKind::File { accept: "image/png,image/webp".into() }, true)
    };
    blocks.push(Block::Form(ActionForm {
        inline: false,
        label: Some(t.t("console-page-logo")),
        ..s.post(&logo_path, t.t("console-page-logo-upload"), vec![file])
    }));
    blocks
}

/// Why an uploaded logo was not read.
pub enum LogoRefused {
    /// The form's token is missing or wrong (checked before a byte of the file is read).
    Forbidden,
    /// Not a file, empty, or larger than the limit.
    Invalid,
}

/// The uploaded logo: the form's token checked before a byte of the file is read, the file
/// read into a buffer bounded by the logo limit.
pub async fn read_logo(s: &Signed, mut form: Multipart) -> Result<Vec<u8>, LogoRefused> {
    let (mut csrf, mut data) = (None, None);
    loop {
        let mut field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(_) => return Err(LogoRefused::Invalid),
        };
        match field.name() {
            Some("logo") => {
                if !s.csrf_ok(csrf.as_deref()) {
                    return Err(LogoRefused::Forbidden);
                }
                match file_field(&mut field, MAX_LOGO_BYTES).await {
                    Ok(bytes) => data = Some(bytes),
                    Err(TooLarge) => return Err(LogoRefused::Invalid),
                }
            }
            Some("csrf") => csrf = small_field(&mut field).await,
            _ => {}
        }
    }
    if !s.csrf_ok(csrf.as_deref()) {
        return Err(LogoRefused::Forbidden);
    }
    data.filter(|bytes| !bytes.is_empty()).ok_or(LogoRefused::Invalid)
}

#[derive(Deserialize)]
pub struct PageSettingsForm {
    display_name: Option<String>,
    brand_color: Option<String>,
    embed_origins: Option<String>,
}

/// The change a settings form asks for. An empty field clears its setting (the merchant's
/// name, Kassa's colour).
pub fn brand_change(form: &PageSettingsForm) -> BrandChange<'_> {
    fn given(value: &Option<String>) -> Option<Option<&str>> {
        Some(value.as_deref().map(str::trim).filter(|v| !v.is_empty()))
    }
    BrandChange {
        display_name: given(&form.display_name),
        brand_color: given(&form.brand_color),
        logo: None,
        embed_origins: Some(
            form.embed_origins.as_deref().unwrap_or("").split_whitespace().map(str::to_string).collect(),
        ),
    }
}

/// The settings fields with the names their refusals carry.
pub const FIELD_LABELS: [(&str, &str); 3] = [
    ("display_name", "console-page-name"),
    ("brand_color", "console-page-color"),
    ("embed_origins", "console-page-embed"),
];
