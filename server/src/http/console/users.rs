//! A console's users, for both consoles: the team page where those whose role allows it
//! (operators' administrators; a merchant's owners) add users, change roles, disable and
//! reset passwords through the same service as the command line, and the one-time page where
//! an added user sets their password (no session: the link's token is the proof).

use axum::Router;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use serde::Deserialize;

use super::guard::{Allowed, Guarded, ManagesUsers, Posted};
use super::{Console, Params, Signed, anonymous_language, field, frame, hidden, param, redirect_with, respond, text};
use crate::domain::error::DomainError;
use crate::domain::user::{ConsoleUser, Role};
use crate::domain::users::Change;
use crate::http::AppState;
use crate::secret::Secret;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, FieldKind, FormField, Table, Tone};

/// The team page and the set-password page of `console`, whose signed-in person is `W`.
pub fn routes<W>(console: Console) -> Router<AppState>
where
    W: FromRequestParts<AppState, Rejection = Response> + Guarded + Send + Sync + 'static,
{
    let base = console.base;
    Router::new()
        .route(&format!("{base}/users"), get(team::<W>).post(add::<W>))
        .route(&format!("{base}/users/{{login}}"), post(change::<W>))
        .route(
            &format!("{base}/welcome"),
            get(move |State(state): State<AppState>, headers: HeaderMap, params: Params| async move {
                welcome(&state, console, &headers, &params).await
            })
            .post(move |State(state): State<AppState>, headers: HeaderMap, axum::Form(form): axum::Form<PasswordForm>| async move {
                set_password(&state, console, &headers, form).await
            }),
        )
}

async fn team<W: Guarded>(
    State(state): State<AppState>,
    Allowed(who, _): Allowed<ManagesUsers, W>,
    params: Params,
) -> Response {
    let s = who.signed();
    let notice = s.notice(&params);
    page(&state, s, notice, Vec::new()).await
}

/// The team: who can sign in, with which role, and the forms to change that.
async fn page(state: &AppState, s: &Signed, notice: Option<ConsoleNotice>, before: Vec<Block>) -> Response {
    let t = &s.texts;
    let users = match state.services.users.team(&s.user).await {
        Ok(users) => users,
        Err(e) => return s.unavailable(state, &e),
    };
    let headers = t.all(&[
        "console-col-login",
        "console-col-role",
        "console-col-state",
        "console-col-created",
        "console-col-actions",
    ]);
    let rows = users.iter().map(|u| row(s, u)).collect();
    let mut blocks = before;
    blocks.push(Block::Paragraph(t.t("console-users-help")));
    blocks.push(Block::Table(Table {
        caption: t.t("console-users-title"),
        headers,
        rows,
        empty: t.t("console-empty"),
    }));
    blocks.push(Block::Section { heading: t.t("console-user-add"), id: "add".into(), blocks: vec![add_form(s)] });
    s.page(state, "/users", t.t("console-users-title"), notice, blocks)
}

fn roles(s: &Signed) -> FieldKind {
    FieldKind::Select(
        Role::of(s.console.audience).into_iter().map(|r| (r.code().to_string(), s.texts.role(r))).collect(),
    )
}

fn add_form(s: &Signed) -> Block {
    let t = &s.texts;
    let least = Role::of(s.console.audience)[0];
    let fields = vec![
        FormField {
            autocomplete: Some("off".into()),
            ..field("login", t.t("console-col-login"), FieldKind::Text, true)
        },
        FormField {
            value: least.code().into(),
            hint: Some(t.t(&format!("console-role-hint-{}", s.console.audience.code()))),
            ..field("role", t.t("console-col-role"), roles(s), true)
        },
    ];
    Block::Form(ActionForm {
        inline: false,
        label: Some(t.t("console-user-add")),
        ..s.post("/users", t.t("console-user-add"), fields)
    })
}

fn row(s: &Signed, u: &ConsoleUser) -> Vec<Cell> {
    let t = &s.texts;
    let state = match (u.active, u.setup_expires_ms) {
        (false, _) => Cell::Status { text: t.t("console-user-disabled"), tone: Tone::Bad },
        (true, Some(until)) => Cell::Status {
            text: t.ta("console-user-waiting", &[("until", Arg::Text(t.time(until)))]),
            tone: Tone::Waiting,
        },
        (true, None) if u.has_factor => Cell::Status { text: t.t("console-user-active-factor"), tone: Tone::Good },
        (true, None) => Cell::Status { text: t.t("console-user-active"), tone: Tone::Good },
    };
    let path = format!("/users/{}", super::widgets::urlencode(&u.login));
    let actions = if u.login == s.user.login {
        Cell::Text(t.t("console-user-you"))
    } else {
        let role = s.post(
            &path,
            t.t("console-action-change-role"),
            vec![
                hidden("action", "role"),
                FormField { value: u.role.code().into(), ..field("role", t.t("console-col-role"), roles(s), true) },
            ],
        );
        let toggle = if u.active {
            ActionForm {
                danger: true,
                ..s.post(&path, t.t("console-action-disable"), vec![hidden("action", "disable")])
            }
        } else {
            s.post(&path, t.t("console-action-enable"), vec![hidden("action", "enable")])
        };
        let reset = s.post(&path, t.t("console-action-reset-password"), vec![hidden("action", "reset")]);
        let mut forms = vec![role, toggle, reset];
        if u.has_factor {
            forms.push(s.post(&path, t.t("console-action-reset-factor"), vec![hidden("action", "reset-factor")]));
        }
        Cell::Forms(forms)
    };
    vec![Cell::Mono(u.login.clone()), text(t.role(u.role)), state, text(t.time(u.created_ms)), actions]
}

#[derive(Deserialize)]
struct AddForm {
    login: Option<String>,
    role: Option<String>,
}

async fn add<W: Guarded>(
    State(state): State<AppState>,
    Posted { who, form, .. }: Posted<W, AddForm, ManagesUsers>,
) -> Response {
    let s = who.signed();
    let login = form.login.unwrap_or_default().trim().to_string();
    let Some(role) = form.role.as_deref().and_then(Role::parse) else { return s.back("/users", "invalid") };
    match state.services.users.invite(&s.user, &login, role).await {
        Ok((user, token)) => {
            let link = link_block(&state, s, &user.login, &token);
            page(&state, s, Some(ConsoleNotice { text: s.texts.t("console-notice-user-added"), error: false }), link)
                .await
        }
        Err(DomainError::Validation(v)) => {
            let n =
                super::invalid_fields(&s.texts, &v, &[("login", "console-col-login"), ("role", "console-col-role")]);
            let mut r = page(&state, s, Some(n), Vec::new()).await;
            *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
            r
        }
        Err(e) => s.refused("/users", &e),
    }
}

/// The one-time link, shown once, on the page that made it (never in a URL of ours).
fn link_block(state: &AppState, s: &Signed, login: &str, token: &Secret<String>) -> Vec<Block> {
    let t = &s.texts;
    let url = format!("{}{}/welcome?token={}", state.public_url.trim_end_matches('/'), s.console.base, token.expose());
    let hours = crate::domain::users::SETUP_LIFETIME_MS / 3_600_000;
    vec![Block::Section {
        heading: t.ta("console-user-link-title", &[("login", Arg::Text(login.to_string()))]),
        id: "link".into(),
        blocks: vec![
            Block::Paragraph(t.ta("console-user-link-help", &[("hours", Arg::Number(hours))])),
            Block::Facts(vec![(t.t("console-user-link"), Cell::Mono(url))]),
        ],
    }]
}

#[derive(Deserialize)]
struct ChangeForm {
    action: Option<String>,
    role: Option<String>,
}

async fn change<W: Guarded>(
    State(state): State<AppState>,
    Path(login): Path<String>,
    Posted { who, form, .. }: Posted<W, ChangeForm, ManagesUsers>,
) -> Response {
    let s = who.signed();
    let change = match (form.action.as_deref(), form.role.as_deref().and_then(Role::parse)) {
        (Some("enable"), _) => Change::Enable,
        (Some("disable"), _) => Change::Disable,
        (Some("reset"), _) => Change::ResetPassword,
        (Some("reset-factor"), _) => Change::ResetFactor,
        (Some("role"), Some(role)) => Change::Role(role),
        _ => return s.back("/users", "invalid"),
    };
    match state.services.users.change(&s.user, &login, change).await {
        Ok(Some(token)) => {
            let link = link_block(&state, s, &login, &token);
            let n = ConsoleNotice { text: s.texts.t("console-notice-password-reset"), error: false };
            page(&state, s, Some(n), link).await
        }
        Ok(None) => s.back("/users", "saved"),
        Err(e) => s.refused("/users", &e),
    }
}

fn welcome_scope(console: Console) -> String {
    format!("console-welcome:{}", console.audience.code())
}

/// The set-password page of a one-time link: the login it is for and two password fields.
async fn welcome(state: &AppState, console: Console, headers: &HeaderMap, params: &Params) -> Response {
    let token = Secret::new(param(params, "token").unwrap_or_default().to_string());
    welcome_page(state, console, headers, &token, param(params, "lang"), StatusCode::OK, None).await
}

async fn welcome_page(
    state: &AppState,
    console: Console,
    headers: &HeaderMap,
    token: &Secret<String>,
    lang: Option<&str>,
    status: StatusCode,
    error: Option<&str>,
) -> Response {
    let t = anonymous_language(state, lang, headers);
    let user = match state.services.users.by_setup(console.audience, token).await {
        Ok(user) => user,
        Err(e) => {
            tracing::warn!(error = %e, "set-password link unreadable");
            return super::unavailable(state, console, &t);
        }
    };
    let Some(user) = user else {
        let frame = frame(state, console, &t, "/welcome", t.t("console-welcome-title"), None, None);
        let blocks = vec![Block::Paragraph(t.t("console-welcome-spent"))];
        return respond(StatusCode::NOT_FOUND, frame, blocks);
    };
    let cookie = state.csrf.cookie(headers);
    let csrf = state.csrf.token(&cookie.value, &welcome_scope(console));
    let fields = vec![
        hidden("csrf", &csrf),
        hidden("token", token.expose()),
        hidden("lang", t.lang),
        FormField {
            autocomplete: Some("username".into()),
            value: user.login.clone(),
            ..field("login", t.t("console-login-name"), FieldKind::Text, false)
        },
        FormField {
            autocomplete: Some("new-password".into()),
            hint: Some(t.t("console-password-hint")),
            ..field("password", t.t("console-new-password"), FieldKind::Password, true)
        },
        FormField {
            autocomplete: Some("new-password".into()),
            ..field("again", t.t("console-new-password-again"), FieldKind::Password, true)
        },
    ];
    let form = ActionForm {
        action: format!("{}/welcome", console.base),
        post: true,
        submit: t.t("console-welcome-submit"),
        fields,
        danger: false,
        inline: false,
        label: Some(t.t("console-welcome-title")),
    };
    let notice = error.map(|key| ConsoleNotice { text: t.t(key), error: true });
    let frame = frame(state, console, &t, "/welcome", t.t("console-welcome-title"), notice, None);
    let help = t.ta("console-welcome-help", &[("login", Arg::Text(user.login))]);
    let response = respond(status, frame, vec![Block::Paragraph(help), Block::Form(form)]);
    crate::http::shared::html::with_csrf_cookie(response, &cookie)
}

#[derive(Deserialize)]
struct PasswordForm {
    csrf: Option<String>,
    token: Option<String>,
    lang: Option<String>,
    password: Option<String>,
    again: Option<String>,
}

async fn set_password(state: &AppState, console: Console, headers: &HeaderMap, form: PasswordForm) -> Response {
    let token = Secret::new(form.token.unwrap_or_default());
    let lang = form.lang.as_deref();
    let again = |status, key| welcome_page(state, console, headers, &token, lang, status, Some(key));
    if !state.csrf.verify(headers, &welcome_scope(console), form.csrf.as_deref()) {
        return again(StatusCode::FORBIDDEN, "console-notice-csrf").await;
    }
    let password = Secret::new(form.password.unwrap_or_default());
    if form.again.as_deref() != Some(password.expose().as_str()) {
        return again(StatusCode::UNPROCESSABLE_ENTITY, "console-password-mismatch").await;
    }
    match state.services.users.set_password(console.audience, &token, &password).await {
        Ok(_) => redirect_with(console.base, "/login", "password-set"),
        Err(DomainError::Validation(_)) => again(StatusCode::UNPROCESSABLE_ENTITY, "console-password-hint").await,
        Err(DomainError::NotFound) => again(StatusCode::NOT_FOUND, "console-welcome-spent").await,
        Err(e) => {
            tracing::warn!(error = %e, "password not set");
            super::unavailable(state, console, &anonymous_language(state, lang, headers))
        }
    }
}
