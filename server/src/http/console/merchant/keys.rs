//! Keys: the request keys of each project (added, deactivated; two active at once for
//! rotation), a new key's secret shown once, and the callback public key to download.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::super::guard::{Allowed, Confirm, Develops, MerchantUser, Posted};
use super::super::{Ask, Params, Texts, field, hidden, invalid_fields, link, text};
use super::CONSOLE;
use crate::crypto::keys::KeyType;
use crate::domain::error::DomainError;
use crate::domain::keys::{KeySource, NewKeyShown};
use crate::domain::ports::KeySummary;
use crate::domain::project::Project;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, FieldKind, FormField, Table, Tone};

fn key_type_options(t: &Texts) -> Vec<(String, String)> {
    vec![
        ("ecdsa-p256".into(), t.t("console-key-ecdsa")),
        ("rsa-sha256".into(), t.t("console-key-rsa")),
        ("hmac-sha512".into(), t.t("console-key-hmac")),
    ]
}

pub async fn keys(
    State(state): State<AppState>,
    Allowed(m, _): Allowed<Develops, MerchantUser>,
    params: Params,
) -> Response {
    let notice = m.s.notice(&params);
    page(&state, &m, notice, Vec::new(), StatusCode::OK).await
}

/// The keys page: `shown` first (a new key's secret), then each project's keys.
async fn page(
    state: &AppState,
    m: &MerchantUser,
    notice: Option<ConsoleNotice>,
    shown: Vec<Block>,
    status: StatusCode,
) -> Response {
    let t = &m.s.texts;
    let mut blocks = shown;
    for project in &m.projects {
        let keys = &state.services.keys;
        match (keys.of_project(&project.id).await, keys.callback_public_key(&project.id).await) {
            (Ok(k), Ok(c)) => blocks.push(project_keys(m, project, &k, c)),
            (Err(e), _) | (_, Err(e)) => return m.s.unavailable(state, &e),
        }
    }
    m.s.page_with_status(state, status, "/keys", t.t("console-keys-title"), notice, blocks)
}

fn project_keys(m: &MerchantUser, project: &Project, keys: &[KeySummary], callback_key: Option<String>) -> Block {
    let t = &m.s.texts;
    let rows = keys
        .iter()
        .map(|k| {
            let path = format!("/keys/{}/{}/active", project.id, k.token);
            let toggle = if k.active {
                let off = vec![hidden("active", "false")];
                ActionForm { danger: true, ..m.s.post(&path, t.t("console-action-deactivate"), off) }
            } else {
                m.s.post(&path, t.t("console-action-activate"), vec![hidden("active", "true")])
            };
            vec![
                Cell::Mono(k.token.clone()),
                text(k.key_type.clone()),
                text(t.time(k.created_ms)),
                text(k.last_used_ms.map(|ms| t.time(ms)).unwrap_or_else(|| t.t("console-never"))),
                Cell::Status {
                    text: t.t(if k.active { "console-active" } else { "console-inactive" }),
                    tone: if k.active { Tone::Good } else { Tone::Neutral },
                },
                Cell::Forms(vec![toggle]),
            ]
        })
        .collect();
    let fields = vec![
        FormField {
            value: "ecdsa-p256".into(),
            ..field("key_type", t.t("console-col-type"), FieldKind::Select(key_type_options(t)), true)
        },
        FormField {
            hint: Some(t.t("console-key-pem-hint")),
            ..field("public_key", t.t("console-key-pem"), FieldKind::TextArea, false)
        },
    ];
    let add = ActionForm {
        inline: false,
        label: Some(t.t("console-key-add")),
        ..m.s.post(&format!("/keys/{}/add", project.id), t.t("console-key-add"), fields)
    };
    let headers = t.all(&[
        "console-col-token",
        "console-col-type",
        "console-col-created",
        "console-col-last-used",
        "console-col-state",
        "console-col-actions",
    ]);
    // What a request names besides the key: selected whole with one click, to paste into a client.
    let ids = vec![
        (t.t("console-keys-merchant-id"), Cell::Mono(project.merchant_id.clone())),
        (t.t("console-keys-project-id"), Cell::Mono(project.id.clone())),
    ];
    let mut section = vec![
        Block::Facts(ids),
        Block::Table(Table { caption: t.t("console-keys-request"), headers, rows, empty: t.t("console-empty") }),
        Block::Form(add),
    ];
    section.push(match callback_key {
        Some(pem) => Block::Facts(vec![
            (t.t("console-keys-callback"), Cell::Mono(pem)),
            (
                String::new(),
                link(format!("{}/keys/{}/callback.pem", CONSOLE.base, project.id), t.t("console-keys-download")),
            ),
        ]),
        None => Block::Paragraph(t.t("console-keys-callback-hmac")),
    });
    Block::Section { heading: project.name.clone(), id: format!("p-{}", project.id), blocks: section }
}

#[derive(Deserialize)]
pub struct AddKeyForm {
    key_type: Option<String>,
    public_key: Option<String>,
}

/// A new key's token and secret, shown once, in this answer only (never stored in clear,
/// never in a URL).
fn shown_once(t: &Texts, shown: &NewKeyShown) -> Block {
    let mut facts = vec![(t.t("console-col-token"), Cell::Mono(shown.token.clone()))];
    if let Some(secret) = &shown.hmac_secret {
        facts.push((t.t("console-key-secret"), Cell::Mono(secret.expose().clone())));
    }
    Block::Section {
        heading: t.t("console-key-added"),
        id: "added".into(),
        blocks: vec![Block::Paragraph(t.t("console-key-added-help")), Block::Facts(facts)],
    }
}

pub async fn add(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Posted { who: m, form, .. }: Posted<MerchantUser, AddKeyForm, Develops>,
) -> Response {
    if m.project(&project_id).is_none() {
        return m.s.not_found(&state);
    }
    let t = &m.s.texts;
    let Some(key_type) = form.key_type.as_deref().and_then(KeyType::parse) else {
        return m.s.back("/keys", "invalid");
    };
    // A merchant pastes its public key; Kassa never holds a merchant's private key.
    let source = KeySource::Upload(form.public_key.as_deref().unwrap_or(""));
    match state.services.keys.add(&project_id, key_type, source, &m.s.user.who()).await {
        Ok(shown) => page(&state, &m, None, vec![shown_once(t, &shown)], StatusCode::OK).await,
        Err(DomainError::Validation(v)) => {
            let notice = Some(invalid_fields(t, &v, &[("public_key", "console-key-pem")]));
            page(&state, &m, notice, Vec::new(), StatusCode::BAD_REQUEST).await
        }
        Err(e) => m.s.refused("/keys", &e),
    }
}

#[derive(Deserialize)]
pub struct KeyActiveForm {
    active: Option<String>,
}

pub async fn set_active(
    State(state): State<AppState>,
    Path((project_id, token)): Path<(String, String)>,
    Posted { who: m, form, confirm, .. }: Posted<MerchantUser, KeyActiveForm, Develops>,
) -> Response {
    let Some(project) = m.project(&project_id) else {
        return m.s.not_found(&state);
    };
    let active = form.active.as_deref() == Some("true");
    if !active && !confirm.given() {
        return ask_deactivate(&state, &m, project, &token, &confirm).await;
    }
    match state.services.keys.set_active(Some(&project_id), &token, active, &m.s.user.who()).await {
        Ok(()) => {
            state.auth_cache.forget_key(&token);
            m.s.back("/keys", "saved")
        }
        Err(DomainError::Missing) => m.s.not_found(&state),
        Err(e) => m.s.refused("/keys", &e),
    }
}

/// Deactivating a key stops every request signed with it at once: asked once more, with the
/// key's last use (a key used a minute ago is the shop's live one).
async fn ask_deactivate(
    state: &AppState,
    m: &MerchantUser,
    project: &Project,
    token: &str,
    confirm: &Confirm,
) -> Response {
    let t = &m.s.texts;
    let keys = match state.services.keys.of_project(&project.id).await {
        Ok(k) => k,
        Err(e) => return m.s.unavailable(state, &e),
    };
    let Some(key) = keys.iter().find(|k| k.token == token) else {
        return m.s.not_found(state);
    };
    let last_used = key.last_used_ms.map(|ms| t.time(ms)).unwrap_or_else(|| t.t("console-never"));
    let consequence = match key.last_used_ms {
        Some(ms) => t.ta("console-confirm-key", &[("last_used", Arg::Text(t.time(ms)))]),
        None => t.t("console-confirm-key-unused"),
    };
    if !keys.iter().any(|k| k.active && k.token != token) {
        return m.s.back("/keys", "last-key");
    }
    let ask = Ask {
        what: t.t("console-confirm-what-key"),
        consequence,
        facts: vec![
            (t.t("console-col-project"), text(project.name.clone())),
            (t.t("console-col-token"), Cell::Mono(key.token.clone())),
            (t.t("console-col-type"), text(key.key_type.clone())),
            (t.t("console-col-last-used"), text(last_used)),
        ],
        action: format!("/keys/{}/{}/active", project.id, key.token),
        submit: t.t("console-confirm-key-submit"),
        danger: true,
        back: "/keys".into(),
    };
    m.s.ask(state, confirm, ask)
}

pub async fn callback_pem(
    State(state): State<AppState>,
    Allowed(m, _): Allowed<Develops, MerchantUser>,
    Path(project_id): Path<String>,
) -> Response {
    if m.project(&project_id).is_none() {
        return m.s.not_found(&state);
    }
    match state.services.keys.callback_public_key(&project_id).await {
        Ok(Some(pem)) => {
            let mut r = pem.into_response();
            let h = r.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-pem-file"));
            h.insert(
                header::CONTENT_DISPOSITION,
                HeaderValue::from_static("attachment; filename=\"kassa-callback-key.pem\""),
            );
            r
        }
        Ok(None) => m.s.not_found(&state),
        Err(e) => m.s.unavailable(&state, &e),
    }
}
