//! The second factor in both consoles: the login's second step (a code from an authenticator
//! app, or a recovery code), and the account page where a person enrols (QR code, the secret
//! as text, a first code), reads their recovery codes once, and sees and ends their sessions.

use axum::Router;
use axum::extract::{FromRequestParts, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use serde::Deserialize;
use tower_sessions::Session;

use super::guard::{Guarded, OwnAccount, Posted};
use super::login::{SESSION_PENDING, pending};
use super::{Console, Params, Signed, anonymous_language, field, frame, hidden, respond};
use crate::domain::factor;
use crate::http::AppState;
use crate::http::shared::limits::{PeerIp, address_key};
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, FieldKind, FormField};

/// The code step's routes and the account page of `console`, whose signed-in person is `W`.
pub fn routes<W>(console: Console) -> Router<AppState>
where
    W: FromRequestParts<AppState, Rejection = Response> + Guarded + Send + Sync + 'static,
{
    let base = console.base;
    Router::new()
        .route(
            &format!("{base}/login/code"),
            get(move |State(state): State<AppState>, session: Session, headers: HeaderMap| async move {
                code_page(&state, &session, console, &headers, StatusCode::OK, None).await
            })
            .post(
                move |State(state): State<AppState>,
                      session: Session,
                      headers: HeaderMap,
                      peer: PeerIp,
                      axum::Form(form): axum::Form<CodeForm>| async move {
                    check_code(&state, &session, console, &headers, peer.0, form).await
                },
            ),
        )
        .route(&format!("{base}/account"), get(account::<W>).post(confirm::<W>))
        .route(&format!("{base}/account/factor.svg"), get(qr::<W>))
        .route(&format!("{base}/account/sessions"), axum::routing::post(end_others::<W>))
}

fn code_scope(console: Console) -> String {
    format!("console-code:{}", console.audience.code())
}

async fn code_page(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    status: StatusCode,
    error: Option<&str>,
) -> Response {
    let Some(p) = pending(session, console).await else {
        return Redirect::to(&format!("{}/login", console.base)).into_response();
    };
    let t = anonymous_language(state, p.lang.as_deref(), headers);
    let cookie = state.csrf.cookie(headers);
    let token = state.csrf.token(&cookie.value, &code_scope(console));
    let code = FormField {
        autocomplete: Some("one-time-code".into()),
        hint: Some(t.t("console-code-hint")),
        ..field("code", t.t("console-code"), FieldKind::Text, true)
    };
    let form = ActionForm {
        action: format!("{}/login/code", console.base),
        post: true,
        submit: t.t("console-code-submit"),
        fields: vec![hidden("csrf", &token), code],
        danger: false,
        inline: false,
        label: Some(t.t("console-code-title")),
    };
    let notice = error.map(|key| ConsoleNotice { text: t.t(key), error: true });
    let frame = frame(state, console, &t, "/login", t.t("console-code-title"), notice, None);
    let help = t.ta("console-code-help", &[("login", Arg::Text(p.login))]);
    let response = respond(status, frame, vec![Block::Paragraph(help), Block::Form(form)]);
    crate::http::shared::html::with_csrf_cookie(response, &cookie)
}

#[derive(Deserialize)]
pub struct CodeForm {
    csrf: Option<String>,
    code: Option<String>,
}

async fn check_code(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    peer: Option<std::net::IpAddr>,
    form: CodeForm,
) -> Response {
    let again = |status, key| code_page(state, session, console, headers, status, Some(key));
    if !state.csrf.verify(headers, &code_scope(console), form.csrf.as_deref()) {
        return again(StatusCode::FORBIDDEN, "console-notice-csrf").await;
    }
    let Some(p) = pending(session, console).await else {
        return Redirect::to(&format!("{}/login", console.base)).into_response();
    };
    let address = peer.map(address_key).unwrap_or_default();
    let from = peer.map(|p| p.to_string()).unwrap_or_default();
    // Wrong codes spend the brake per login and address, and one per login from anywhere.
    let key = format!("code:{}:{}@{address}", console.audience.code(), p.login.to_lowercase());
    let login_key = format!("{}:{}", console.audience.code(), p.login.to_lowercase());
    if state.login_limits.codes_blocked(&login_key, &key) {
        let mut r = again(StatusCode::TOO_MANY_REQUESTS, "console-login-slow-down").await;
        r.headers_mut().insert(header::RETRY_AFTER, axum::http::HeaderValue::from_static("12"));
        return r;
    }
    let users = &state.services.users;
    let user = match users.active_user(console.audience, &p.login).await {
        Ok(Some(user)) => user,
        Ok(None) => return Redirect::to(&format!("{}/login", console.base)).into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "console user unreadable");
            return super::unavailable(state, console, &anonymous_language(state, p.lang.as_deref(), headers));
        }
    };
    match users.check_factor(&user, form.code.as_deref().unwrap_or_default().trim()).await {
        Ok(true) => {
            let _ = session.remove::<serde_json::Value>(SESSION_PENDING).await;
            super::login::signed_in_now(state, session, console, headers, &user, p.lang.as_deref(), p.next, &from).await
        }
        Ok(false) => {
            state.login_limits.code_failed(&login_key, &key);
            super::login::audit_sign_in(state, console, &p.login, "factor_failed", &from).await;
            again(StatusCode::UNAUTHORIZED, "console-code-wrong").await
        }
        Err(e) => {
            tracing::warn!(error = %e, "second factor unreadable");
            super::unavailable(state, console, &anonymous_language(state, p.lang.as_deref(), headers))
        }
    }
}

async fn account<W: Guarded>(State(state): State<AppState>, session: Session, who: W, params: Params) -> Response {
    let s = who.signed();
    let mut blocks = account_page(&state, s, &s.user).await;
    match sessions_block(&state, s, &session).await {
        Ok(b) => blocks.push(b),
        Err(e) => return s.unavailable(&state, &e),
    }
    s.page(&state, "/account", s.texts.t("console-account-title"), s.notice(&params), blocks)
}

/// The person's open sessions (this one marked), and the button that ends the others.
async fn sessions_block(
    state: &AppState,
    s: &Signed,
    session: &Session,
) -> Result<Block, crate::domain::error::DomainError> {
    let t = &s.texts;
    let this = session.id().map(|id| crate::domain::users::session_key(&id.to_string())).unwrap_or_default();
    let sessions = state.services.users.sessions(&s.user).await?;
    let rows = sessions
        .iter()
        .map(|x| {
            let which = if x.id_hash == this { t.t("console-session-this") } else { String::new() };
            vec![Cell::Text(t.time(x.created_ms)), Cell::Text(t.time(x.seen_ms)), Cell::Text(which)]
        })
        .collect();
    let table = app::model::Table {
        caption: t.t("console-sessions-title"),
        headers: t.all(&["console-col-signed-in", "console-col-last-request", "console-col-session"]),
        rows,
        empty: t.t("console-empty"),
    };
    let mut blocks = vec![Block::Table(table)];
    if sessions.len() > 1 {
        let end = ActionForm {
            danger: true,
            inline: false,
            ..s.post("/account/sessions", t.t("console-action-end-other-sessions"), vec![])
        };
        blocks.push(Block::Form(end));
    }
    Ok(Block::Section { heading: t.t("console-sessions-title"), id: "sessions".into(), blocks })
}

async fn end_others<W: Guarded>(
    State(state): State<AppState>,
    session: Session,
    Posted { who, .. }: Posted<W, super::guard::Empty, OwnAccount>,
) -> Response {
    let s = who.signed();
    let Some(this) = session.id().map(|id| crate::domain::users::session_key(&id.to_string())) else {
        return s.back("/account", "failed");
    };
    match state.services.users.end_other_sessions(&s.user, &this).await {
        Ok(_) => s.back("/account", "sessions-ended"),
        Err(e) => s.refused("/account", &e),
    }
}

/// The person's own account: role, second factor (enrolment when there is none).
async fn account_page(state: &AppState, s: &Signed, u: &crate::domain::user::ConsoleUser) -> Vec<Block> {
    let t = &s.texts;
    let mut blocks = Vec::new();
    let role = t.role(u.role);
    blocks.push(Block::Facts(vec![
        (t.t("console-col-login"), Cell::Mono(u.login.clone())),
        (t.t("console-col-role"), Cell::Text(role)),
    ]));
    let factor_blocks = if u.has_factor {
        let left = t.ta("console-factor-on", &[("left", Arg::Number(u.recovery_left as i64))]);
        vec![Block::Paragraph(left)]
    } else {
        match state.services.users.enrolment(u).await {
            Ok(Some(secret)) => enrol_blocks(s, &secret, state.services.users.factor_required(u)),
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::warn!(error = %e, "second factor unreadable");
                vec![Block::Paragraph(t.t("console-unavailable"))]
            }
        }
    };
    let heading = t.t("console-factor-title");
    blocks.push(Block::Section { heading, id: "factor".into(), blocks: factor_blocks });
    blocks
}

fn enrol_blocks(s: &Signed, secret: &crate::secret::Secret<Vec<u8>>, required: bool) -> Vec<Block> {
    let t = &s.texts;
    let required = if required { t.t("console-factor-required") } else { t.t("console-factor-optional") };
    let code = FormField {
        autocomplete: Some("one-time-code".into()),
        ..field("code", t.t("console-code"), FieldKind::Text, true)
    };
    let form = ActionForm {
        inline: false,
        label: Some(t.t("console-factor-confirm")),
        ..s.post("/account", t.t("console-factor-confirm"), vec![code])
    };
    vec![
        Block::Paragraph(required),
        Block::Paragraph(t.t("console-factor-scan")),
        Block::Image { src: format!("{}/account/factor.svg", s.console.base), alt: t.t("console-factor-qr") },
        Block::Facts(vec![(t.t("console-factor-secret"), Cell::Mono(factor::secret_text(secret)))]),
        Block::Form(form),
    ]
}

/// The QR code of the factor being enrolled (`otpauth://`), as SVG.
async fn qr<W: Guarded>(State(state): State<AppState>, who: W) -> Response {
    let s = who.signed();
    let secret = match state.services.users.enrolment(&s.user).await {
        Ok(Some(secret)) => secret,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => return s.unavailable(&state, &e),
    };
    let issuer = s.texts.t(s.console.name_key);
    let link = factor::otpauth_link(&issuer, &s.user.login, &secret);
    match qrcode::QrCode::new(link.as_bytes()) {
        Ok(code) => {
            let svg = code.render::<qrcode::render::svg::Color>().min_dimensions(200, 200).quiet_zone(true).build();
            ([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "no-store")], svg).into_response()
        }
        Err(_) => StatusCode::NOT_FOUND.into_response(),
    }
}

#[derive(Deserialize)]
struct ConfirmForm {
    code: Option<String>,
}

async fn confirm<W: Guarded>(
    State(state): State<AppState>,
    Posted { who, form, .. }: Posted<W, ConfirmForm, OwnAccount>,
) -> Response {
    let s = who.signed();
    let t = &s.texts;
    match state.services.users.confirm_enrolment(&s.user, form.code.as_deref().unwrap_or_default().trim()).await {
        Ok(Some(codes)) => {
            // The page is answered here, once: the codes are stored hashed and never shown again.
            let list = codes.iter().enumerate().map(|(i, c)| (format!("{}.", i + 1), Cell::Mono(c.expose().clone())));
            let shown = vec![Block::Section {
                heading: t.t("console-recovery-title"),
                id: "recovery".into(),
                blocks: vec![Block::Paragraph(t.t("console-recovery-help")), Block::Facts(list.collect())],
            }];
            let mut user = s.user.clone();
            user.has_factor = true;
            user.recovery_left = codes.len();
            let n = ConsoleNotice { text: t.t("console-notice-factor-on"), error: false };
            let mut blocks = shown;
            blocks.extend(account_page(&state, s, &user).await);
            s.page(&state, "/account", t.t("console-account-title"), Some(n), blocks)
        }
        Ok(None) => {
            let n = ConsoleNotice { text: t.t("console-code-wrong"), error: true };
            let blocks = account_page(&state, s, &s.user).await;
            let title = t.t("console-account-title");
            s.page_with_status(&state, StatusCode::UNPROCESSABLE_ENTITY, "/account", title, Some(n), blocks)
        }
        Err(e) => s.refused("/account", &e),
    }
}
