//! The consoles' one mechanism, for two audiences (operators; users of a merchant): login and
//! logout, database-backed sessions (tower-sessions), CSRF on every form, the frame and its
//! navigation, translated texts, notices, and the answers every console page shares
//! (`no-store`, framed by nobody). Each audience adds its pages in its own module.

pub mod merchant;
pub mod operator;

use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use tower_sessions::Session;

use super::AppState;
use super::merchant::RateLimiter;
use super::page_shell::{accept_language, html_response, new_nonce};
use crate::domain::catalogue::Currency;
use crate::domain::console::{Audience, ConsoleUser};
use crate::domain::payments::DomainError;
use crate::secret::Secret;
use app::i18n::{Arg, I18n};
use app::model::{
    ActionForm, Block, Cell, ConsoleFrame, ConsoleNotice, ConsoleUserBar, FieldKind, FormField, LanguageLink, NavLink,
    Tone,
};

/// Languages of the consoles.
pub const CONSOLE_LANGUAGES: &[(&str, &str)] = &[("en", "English"), ("ru", "Русский")];

const SESSION_USER: &str = "console.user";
const SESSION_LANG: &str = "console.lang";

/// Who is signed in, as kept in the session.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SessionUser {
    audience: String,
    login: String,
    /// This session's CSRF token: every form carries it.
    csrf: String,
}

/// One console: its audience, where it lives, its name.
#[derive(Clone, Copy)]
pub struct Console {
    pub audience: Audience,
    pub base: &'static str,
    pub name_key: &'static str,
    /// Navigation: path under `base` and text key.
    pub nav: &'static [(&'static str, &'static str)],
}

impl Console {
    /// The routes every console has: its base, login (page and form) and logout.
    pub fn entry_routes(self) -> axum::Router<AppState> {
        use axum::routing::{get, post};
        let base = self.base;
        axum::Router::new()
            .route(base, get(move || async move { Redirect::to(&format!("{base}/")) }))
            .route(
                &format!("{base}/login"),
                get(move |State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params| async move {
                    let query = LangQuery {
                        lang: param(&params, "lang").map(str::to_string),
                        notice: param(&params, "notice").map(str::to_string),
                    };
                    login_page(&state, &session, self, &query, &headers, StatusCode::OK, None).await
                })
                .post(
                    move |State(state): State<AppState>,
                          session: Session,
                          headers: HeaderMap,
                          peer: PeerIp,
                          axum::extract::Form(form): axum::extract::Form<LoginForm>| async move {
                        login(&state, &session, self, &headers, peer.0, form).await
                    },
                ),
            )
            .route(
                &format!("{base}/logout"),
                post(
                    move |State(state): State<AppState>,
                          session: Session,
                          headers: HeaderMap,
                          axum::extract::Form(form): axum::extract::Form<CsrfForm>| async move {
                        logout(&state, &session, self, &headers, form).await
                    },
                ),
            )
    }
}

/// Failed-login brakes, per login and per client address.
pub struct LoginLimits {
    by_login: RateLimiter,
    by_address: RateLimiter,
}

impl Default for LoginLimits {
    fn default() -> Self {
        // 5 attempts per login and 20 per address at once, then one every 12 s / 3 s.
        LoginLimits {
            by_login: RateLimiter::with_rate(1.0 / 12.0, 5),
            by_address: RateLimiter::with_rate(1.0 / 3.0, 20),
        }
    }
}

/// Texts of the console's language.
pub struct Texts {
    i18n: I18n,
    pub lang: &'static str,
}

impl Texts {
    pub fn t(&self, key: &str) -> String {
        self.i18n.0.text(key, &[])
    }

    pub fn ta(&self, key: &str, args: &[(&str, Arg)]) -> String {
        self.i18n.0.text(key, args)
    }

    /// An amount in major units with its currency, as the console's language writes it.
    pub fn amount(&self, minor: i64, currency: &str) -> String {
        match Currency::parse(currency) {
            Some(c) => crate::i18n::format_amount(minor, c, self.lang).0,
            None => format!("{minor} {currency}"),
        }
    }

    /// A time as `YYYY-MM-DD HH:MM:SS` UTC (operators match bank statements to the second).
    pub fn time(&self, ms: i64) -> String {
        format_utc(ms)
    }
}

pub fn format_utc(ms: i64) -> String {
    let (y, m, d, rem) = crate::i18n::civil_utc(ms);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Amounts are typed in major units, as on a bank statement.
pub use crate::domain::incoming::parse_major;

/// A signed-in request.
pub struct Signed {
    pub user: ConsoleUser,
    pub csrf: String,
    pub texts: Texts,
    pub console: Console,
}

impl Signed {
    /// A hidden CSRF field for a form.
    pub fn csrf_field(&self) -> FormField {
        hidden("csrf", &self.csrf)
    }

    /// A POST form to `path` (under the console) with the CSRF field first.
    pub fn post(&self, path: &str, submit: String, mut fields: Vec<FormField>) -> ActionForm {
        fields.insert(0, self.csrf_field());
        ActionForm {
            action: format!("{}{path}", self.console.base),
            post: true,
            submit,
            fields,
            danger: false,
            inline: true,
            label: None,
        }
    }

    /// Whether a form's token is this session's (constant time).
    pub fn csrf_ok(&self, presented: Option<&str>) -> bool {
        presented.is_some_and(|p| bool::from(p.as_bytes().ct_eq(self.csrf.as_bytes())))
    }

    /// The page: frame, title, blocks.
    pub fn page(
        &self,
        state: &AppState,
        current: &str,
        title: String,
        notice: Option<ConsoleNotice>,
        blocks: Vec<Block>,
    ) -> Response {
        let t = &self.texts;
        let logout = ActionForm {
            action: format!("{}/logout", self.console.base),
            post: true,
            submit: t.t("console-logout"),
            fields: vec![self.csrf_field()],
            danger: false,
            inline: true,
            label: None,
        };
        let frame = frame(
            state,
            self.console,
            t,
            current,
            title,
            notice,
            Some(ConsoleUserBar { login: self.user.login.clone(), signed_in_as: t.t("console-signed-in-as"), logout }),
        );
        respond(StatusCode::OK, frame, blocks)
    }

    /// Back to a page of the console with a notice (post/redirect/get).
    pub fn back(&self, path: &str, notice: &str) -> Response {
        redirect_with(self.console.base, path, notice)
    }
}

pub fn redirect_with(base: &str, path: &str, notice: &str) -> Response {
    let sep = if path.contains('?') { '&' } else { '?' };
    Redirect::to(&format!("{base}{path}{sep}notice={notice}")).into_response()
}

pub fn hidden(name: &str, value: &str) -> FormField {
    FormField {
        name: name.into(),
        label: String::new(),
        kind: FieldKind::Hidden,
        value: value.into(),
        required: false,
        autocomplete: None,
        hint: None,
    }
}

pub fn field(name: &str, label: String, kind: FieldKind, required: bool) -> FormField {
    FormField { name: name.into(), label, kind, value: String::new(), required, autocomplete: None, hint: None }
}

pub fn text(s: impl Into<String>) -> Cell {
    Cell::Text(s.into())
}

pub fn link(href: String, text: impl Into<String>) -> Cell {
    Cell::Link { href, text: text.into() }
}

/// A payment state as operators read it, with its colour.
pub fn state_cell(texts: &Texts, state: &str) -> Cell {
    let tone = if state == "success" {
        Tone::Good
    } else if state == "decline" {
        Tone::Bad
    } else if state.starts_with("dispute") || state == "processing:paid" || state == "processing:payout_process" {
        Tone::Waiting
    } else {
        Tone::Neutral
    };
    let key = format!("state-{}", state.replace([':', '_'], "-"));
    let label = texts.t(&key);
    let shown = if label == key { state.to_string() } else { format!("{label} ({state})") };
    Cell::Status { text: shown, tone }
}

fn frame(
    state: &AppState,
    console: Console,
    t: &Texts,
    current: &str,
    title: String,
    notice: Option<ConsoleNotice>,
    user: Option<ConsoleUserBar>,
) -> ConsoleFrame {
    ConsoleFrame {
        lang: t.lang.to_string(),
        title,
        console_name: t.t(console.name_key),
        home: format!("{}/", console.base),
        nav: if user.is_some() {
            console
                .nav
                .iter()
                .map(|(path, key)| NavLink {
                    href: format!("{}{path}", console.base),
                    label: t.t(key),
                    current: *path == current,
                })
                .collect()
        } else {
            Vec::new()
        },
        user,
        notice,
        languages: CONSOLE_LANGUAGES
            .iter()
            .map(|(code, name)| LanguageLink {
                code: code.to_string(),
                name: name.to_string(),
                href: format!("{}{current}?lang={code}", console.base),
            })
            .collect(),
        language_label: t.t("console-language"),
        skip_label: t.t("console-skip"),
        nonce: new_nonce(),
        css_href: state.assets.console_css_href.clone(),
    }
}

fn respond(status: StatusCode, frame: ConsoleFrame, blocks: Vec<Block>) -> Response {
    let nonce = frame.nonce.clone();
    let lang = frame.lang.clone();
    let html = app::document::render_console(frame, blocks);
    html_response(status, html, &nonce, &lang, &[])
}

/// The console's language: `?lang=` (remembered in the session), the session's, then
/// `Accept-Language`, then English.
async fn language(state: &AppState, session: &Session, query: Option<&str>, headers: &HeaderMap) -> Texts {
    let supported = |c: &str| CONSOLE_LANGUAGES.iter().map(|(code, _)| *code).find(|code| *code == c);
    let lang = if let Some(l) = query.and_then(supported) {
        let _ = session.insert(SESSION_LANG, l).await;
        l
    } else if let Some(l) = session.get::<String>(SESSION_LANG).await.ok().flatten().as_deref().and_then(supported) {
        l
    } else {
        let accepted = crate::i18n::choose_language(None, None, None, accept_language(headers));
        supported(accepted).unwrap_or("en")
    };
    Texts { i18n: state.locales.i18n(lang), lang }
}

/// The signed-in user of this request, or the answer to send instead (the login page).
pub async fn signed_in(
    state: &AppState,
    session: &Session,
    console: Console,
    query_lang: Option<&str>,
    headers: &HeaderMap,
) -> Result<Signed, Response> {
    let texts = language(state, session, query_lang, headers).await;
    let to_login = || Redirect::to(&format!("{}/login", console.base)).into_response();
    let stored: Option<SessionUser> = match session.get(SESSION_USER).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "console session unreadable");
            return Err(unavailable(state, console, &texts));
        }
    };
    let Some(stored) = stored.filter(|s| s.audience == console.audience.code()) else {
        return Err(to_login());
    };
    match state.consoles.active_user(console.audience, &stored.login).await {
        Ok(Some(user)) => Ok(Signed { user, csrf: stored.csrf, texts, console }),
        Ok(None) => {
            // Disabled (or removed) since the login: the session ends now.
            let _ = session.flush().await;
            Err(redirect_with(console.base, "/login", "signed-out"))
        }
        Err(e) => {
            tracing::warn!(error = %e, "console user unreadable");
            Err(unavailable(state, console, &texts))
        }
    }
}

pub fn unavailable(state: &AppState, console: Console, t: &Texts) -> Response {
    let frame = frame(state, console, t, "/", t.t("console-unavailable-title"), None, None);
    let mut r = respond(StatusCode::SERVICE_UNAVAILABLE, frame, vec![Block::Paragraph(t.t("console-unavailable"))]);
    r.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("5"));
    r
}

/// Notices a console page may show (`?notice=`): fixed texts, never text from the URL.
pub fn notice(texts: &Texts, key: Option<&str>) -> Option<ConsoleNotice> {
    const ERRORS: &[&str] = &["moved", "invalid", "not-found", "busy", "csrf", "no-match", "insufficient", "failed"];
    let key = key?;
    let error = ERRORS.contains(&key);
    let message_key = format!("console-notice-{key}");
    let text = texts.t(&message_key);
    (text != message_key).then_some(ConsoleNotice { text, error })
}

/// A refused form's notice: which fields to check, by their labels in the console's language
/// (`labels` maps a field to its label's key; the domain's reasons are English and stay in the
/// log).
pub fn invalid_fields(
    t: &Texts,
    violations: &[crate::domain::violations::Violation],
    labels: &[(&str, &str)],
) -> ConsoleNotice {
    let mut names: Vec<String> = violations
        .iter()
        .map(|v| labels.iter().find(|(f, _)| *f == v.field).map_or_else(|| v.field.clone(), |(_, key)| t.t(key)))
        .collect();
    names.dedup();
    tracing::info!(problems = ?violations.iter().map(|v| (&v.field, &v.message)).collect::<Vec<_>>(), "console form refused");
    ConsoleNotice {
        text: t.ta("console-notice-invalid-fields", &[("fields", Arg::Text(names.join(", ")))]),
        error: true,
    }
}

/// The notice key of a refused action.
pub fn refusal(e: &DomainError) -> &'static str {
    match e {
        DomainError::NotFound | DomainError::Missing => "not-found",
        DomainError::Illegal(_) => "moved",
        DomainError::Busy => "busy",
        DomainError::Validation(_) => "invalid",
        DomainError::Conflict(text) if text == "Insufficient balance" => "insufficient",
        DomainError::Conflict(_) => "moved",
        DomainError::DuplicatePaymentId | DomainError::Storage(_) => "failed",
    }
}

// ---------------------------------------------------------------------------------------------
// Login and logout (shared by both consoles)

#[derive(Deserialize)]
pub struct LangQuery {
    pub lang: Option<String>,
    pub notice: Option<String>,
}

fn login_scope(console: Console) -> String {
    format!("console-login:{}", console.audience.code())
}

pub async fn login_page(
    state: &AppState,
    session: &Session,
    console: Console,
    query: &LangQuery,
    headers: &HeaderMap,
    status: StatusCode,
    error: Option<&str>,
) -> Response {
    let t = language(state, session, query.lang.as_deref(), headers).await;
    // Login forms are protected by the stateless CSRF cookie (there is no session yet).
    let cookie = state.csrf.cookie(headers);
    let token = state.csrf.token(&cookie.value, &login_scope(console));
    let form = ActionForm {
        action: format!("{}/login", console.base),
        post: true,
        submit: t.t("console-login-submit"),
        fields: vec![
            hidden("csrf", &token),
            FormField {
                autocomplete: Some("username".into()),
                ..field("login", t.t("console-login-name"), FieldKind::Text, true)
            },
            FormField {
                autocomplete: Some("current-password".into()),
                ..field("password", t.t("console-password"), FieldKind::Password, true)
            },
        ],
        danger: false,
        inline: false,
        label: Some(t.t("console-login-title")),
    };
    let notice = match error {
        Some(key) => Some(ConsoleNotice { text: t.t(key), error: true }),
        None => notice(&t, query.notice.as_deref()),
    };
    let frame = frame(state, console, &t, "/login", t.t("console-login-title"), notice, None);
    let response = respond(status, frame, vec![Block::Form(form)]);
    super::page_shell::with_csrf_cookie(response, &cookie)
}

#[derive(Deserialize)]
pub struct LoginForm {
    csrf: Option<String>,
    login: Option<String>,
    password: Option<String>,
}

pub async fn login(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    peer: Option<std::net::IpAddr>,
    form: LoginForm,
) -> Response {
    let query = LangQuery { lang: None, notice: None };
    if !state.csrf.verify(headers, &login_scope(console), form.csrf.as_deref()) {
        return login_page(
            state,
            session,
            console,
            &query,
            headers,
            StatusCode::FORBIDDEN,
            Some("console-notice-csrf"),
        )
        .await;
    }
    let login = form.login.unwrap_or_default().trim().to_string();
    let password = Secret::new(form.password.unwrap_or_default());
    let address = peer.map(|p| p.to_string()).unwrap_or_default();
    let limited = state.login_limits.by_address.check(&address).is_err()
        || state.login_limits.by_login.check(&format!("{}:{}", console.audience.code(), login.to_lowercase())).is_err();
    if limited {
        tracing::warn!(audience = console.audience.code(), "console login slowed down");
        let mut r = login_page(
            state,
            session,
            console,
            &query,
            headers,
            StatusCode::TOO_MANY_REQUESTS,
            Some("console-login-slow-down"),
        )
        .await;
        r.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("12"));
        return r;
    }
    match state.consoles.authenticate(console.audience, &login, &password).await {
        Ok(Some(user)) => {
            // A new session id at login: a session fixed before it is worth nothing.
            let _ = session.cycle_id().await;
            let mut csrf = [0u8; 24];
            rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut csrf);
            let stored = SessionUser {
                audience: console.audience.code().to_string(),
                login: user.login.clone(),
                csrf: hex::encode(csrf),
            };
            if let Err(e) = session.insert(SESSION_USER, stored).await {
                tracing::warn!(error = %e, "console session not stored");
                let t = language(state, session, None, headers).await;
                return unavailable(state, console, &t);
            }
            tracing::info!(audience = console.audience.code(), login = %user.login, "console login");
            Redirect::to(&format!("{}/", console.base)).into_response()
        }
        Ok(None) => {
            tracing::info!(audience = console.audience.code(), "console login refused");
            login_page(state, session, console, &query, headers, StatusCode::UNAUTHORIZED, Some("console-login-wrong"))
                .await
        }
        Err(e) => {
            tracing::warn!(error = %e, "console login failed");
            let t = language(state, session, None, headers).await;
            unavailable(state, console, &t)
        }
    }
}

#[derive(Deserialize)]
pub struct CsrfForm {
    pub csrf: Option<String>,
}

pub async fn logout(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    form: CsrfForm,
) -> Response {
    if let Ok(signed) = signed_in(state, session, console, None, headers).await
        && !signed.csrf_ok(form.csrf.as_deref())
    {
        return forbidden(state, &signed);
    }
    let _ = session.flush().await;
    redirect_with(console.base, "/login", "signed-out")
}

/// A form whose CSRF token is not this session's: refused, nothing done.
pub fn forbidden(state: &AppState, signed: &Signed) -> Response {
    let t = &signed.texts;
    let frame = frame(state, signed.console, t, "/", t.t("console-forbidden-title"), None, None);
    respond(
        StatusCode::FORBIDDEN,
        frame,
        vec![Block::Paragraph(t.t("console-notice-csrf")), Block::Paragraph(t.t("console-forbidden-back"))],
    )
}

/// The client's address, when the server knows it.
pub struct PeerIp(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for PeerIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(PeerIp(parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0.ip())))
    }
}

/// Query strings of console pages.
pub type Params = Query<HashMap<String, String>>;

pub fn param<'a>(params: &'a Params, name: &str) -> Option<&'a str> {
    params.0.get(name).map(String::as_str).filter(|s| !s.trim().is_empty())
}

/// The state for handlers that only need it.
pub type St = State<AppState>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_typed_in_major_units() {
        assert_eq!(parse_major("1500", "RUB"), Some(150_000));
        assert_eq!(parse_major("1 500,5", "RUB"), Some(150_050));
        assert_eq!(parse_major("1500.05", "RUB"), Some(150_005));
        assert_eq!(parse_major("1500.055", "RUB"), None);
        assert_eq!(parse_major("1500", "KRW"), Some(1500));
        assert_eq!(parse_major("15.5", "KRW"), None);
        assert_eq!(parse_major("-1", "RUB"), None);
        assert_eq!(parse_major("0", "RUB"), None);
        assert_eq!(parse_major("abc", "RUB"), None);
    }

    #[test]
    fn utc_times() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00");
        assert_eq!(format_utc(1_795_000_000_000), "2026-11-18 11:06:40");
    }
}
