//! Signing in and out of a console, the same for both audiences: the login page and form
//! (argon2id, brakes per login and per address, one answer for a wrong password and an unknown
//! login, a new session id at login), the pending step of a person who owes a second-factor
//! code (asked for by factor.rs), and logout.

use axum::Form;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;

use super::guard::{SESSION_USER, SessionUser, signed_in};
use super::{Console, Params, field, frame, hidden, language, notice, param, redirect_with, respond, unavailable};
use crate::domain::time::now_ms;
use crate::domain::user::ConsoleUser;
use crate::http::AppState;
use crate::http::shared::limits::{PeerIp, RateLimiter, address_key};
use crate::secret::Secret;
use app::model::{ActionForm, Block, ConsoleNotice, FieldKind, FormField};

/// Failed-login brakes, per login from one address and per address: only failed attempts
/// spend them, so someone guessing elsewhere never keeps the owner of a login out (issue 28).
pub struct LoginLimits {
    by_login: RateLimiter,
    by_address: RateLimiter,
    /// Wrong second-factor codes per login from anywhere: whoever reaches the code step has
    /// the password, and a million codes must not be tried from a thousand addresses.
    codes_by_login: RateLimiter,
}

impl LoginLimits {
    /// Whether wrong codes of `login` (from `key`: the login at an address) are braked now.
    pub fn codes_blocked(&self, login: &str, key: &str) -> bool {
        self.by_login.blocked(key).is_some() || self.codes_by_login.blocked(login).is_some()
    }

    /// Spends a wrong code of `login` from `key`.
    pub fn code_failed(&self, login: &str, key: &str) {
        let _ = (self.by_login.check(key), self.codes_by_login.check(login));
    }
}

impl Default for LoginLimits {
    fn default() -> Self {
        // 5 failures per login and address and 20 per address at once, then one every 12 s / 3 s.
        // Wrong codes: 10 per login from all addresses, then one a minute (with three codes
        // valid at a time, about 0.4 % a day for someone holding the password).
        LoginLimits {
            by_login: RateLimiter::with_rate(1.0 / 12.0, 5),
            by_address: RateLimiter::with_rate(1.0 / 3.0, 20),
            codes_by_login: RateLimiter::with_rate(1.0 / 60.0, 10),
        }
    }
}

impl Console {
    /// The routes every console has: its base, login (page and form) and logout.
    pub fn entry_routes(self) -> axum::Router<AppState> {
        let base = self.base;
        axum::Router::new()
            .route(base, get(move || async move { Redirect::to(&format!("{base}/")) }))
            .route(
                &format!("{base}/login"),
                get(move |State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params| async move {
                    let query = LangQuery {
                        lang: param(&params, "lang").map(str::to_string),
                        notice: param(&params, "notice").map(str::to_string),
                        next: param(&params, "next").map(str::to_string),
                    };
                    login_page(&state, &session, self, &query, &headers, StatusCode::OK, None).await
                })
                .post(
                    move |State(state): State<AppState>,
                          session: Session,
                          headers: HeaderMap,
                          peer: PeerIp,
                          Form(form): Form<LoginForm>| async move {
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
                          peer: PeerIp,
                          Form(form): Form<LogoutForm>| async move {
                        logout(&state, &session, self, &headers, peer.0, form).await
                    },
                ),
            )
    }
}

#[derive(Deserialize)]
pub struct LangQuery {
    pub lang: Option<String>,
    pub notice: Option<String>,
    /// The page asked for before the login, to open after it.
    pub next: Option<String>,
}

/// A page of this console to open after the login: a path under its base, nothing else.
fn next_page(console: Console, next: Option<&str>) -> Option<String> {
    next.filter(|n| n.starts_with(&format!("{}/", console.base)) && super::safe_back(n)).map(str::to_string)
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
    // The page's language and the page asked for travel with the form, not in a session: an
    // anonymous visitor gets no session row.
    let mut fields = vec![hidden("csrf", &token), hidden("lang", t.lang)];
    fields.extend(next_page(console, query.next.as_deref()).map(|n| hidden("next", &n)));
    fields.extend([
        FormField {
            autocomplete: Some("username".into()),
            ..field("login", t.t("console-login-name"), FieldKind::Text, true)
        },
        FormField {
            autocomplete: Some("current-password".into()),
            ..field("password", t.t("console-password"), FieldKind::Password, true)
        },
    ]);
    let form = ActionForm {
        action: format!("{}/login", console.base),
        post: true,
        submit: t.t("console-login-submit"),
        fields,
        danger: false,
        inline: false,
        label: Some(t.t("console-login-title")),
    };
    let notice = match error {
        Some(key) => Some(ConsoleNotice { text: t.t(key), error: true }),
        None => notice(&t, query.notice.as_deref()),
    };
    // The language links keep the page asked for.
    let here = match next_page(console, query.next.as_deref()) {
        Some(next) => format!("/login?next={}", super::widgets::urlencode(&next)),
        None => "/login".to_string(),
    };
    let frame = frame(state, console, &t, &here, t.t("console-login-title"), notice, None);
    let response = respond(status, frame, vec![Block::Form(form)]);
    crate::http::shared::html::with_csrf_cookie(response, &cookie)
}

#[derive(Deserialize)]
pub struct LoginForm {
    csrf: Option<String>,
    login: Option<String>,
    password: Option<String>,
    lang: Option<String>,
    next: Option<String>,
}

pub async fn login(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    peer: Option<std::net::IpAddr>,
    form: LoginForm,
) -> Response {
    let query = LangQuery { lang: form.lang.clone(), notice: None, next: form.next.clone() };
    let refused = |status, key| login_page(state, session, console, &query, headers, status, Some(key));
    if !state.csrf.verify(headers, &login_scope(console), form.csrf.as_deref()) {
        return refused(StatusCode::FORBIDDEN, "console-notice-csrf").await;
    }
    let login = form.login.unwrap_or_default().trim().to_string();
    let password = Secret::new(form.password.unwrap_or_default());
    let address = peer.map(address_key).unwrap_or_default();
    // The audit names the client's own address; the brakes count its network.
    let from = peer.map(|p| p.to_string()).unwrap_or_default();
    let login_key = format!("{}:{}@{address}", console.audience.code(), login.to_lowercase());
    let brakes = &state.login_limits;
    let limited = brakes.by_address.blocked(&address).is_some() || brakes.by_login.blocked(&login_key).is_some();
    if limited {
        tracing::warn!(audience = console.audience.code(), "console login slowed down");
        let mut r = refused(StatusCode::TOO_MANY_REQUESTS, "console-login-slow-down").await;
        r.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("12"));
        return r;
    }
    match state.services.users.authenticate(console.audience, &login, &password).await {
        Ok(Some(user)) => {
            let next = next_page(console, form.next.as_deref());
            if user.has_factor {
                // The password was right; the session is not signed in until the code is.
                return match ask_code(session, console, &user.login, query.lang.as_deref(), next).await {
                    Ok(r) => r,
                    Err(e) => {
                        tracing::warn!(error = %e, "console session not stored");
                        unavailable(state, console, &language(state, session, None, headers).await)
                    }
                };
            }
            signed_in_now(state, session, console, headers, &user, query.lang.as_deref(), next, &from).await
        }
        Ok(None) => {
            let _ = (brakes.by_address.check(&address), brakes.by_login.check(&login_key));
            audit_sign_in(state, console, &login, "login_failed", &from).await;
            tracing::info!(audience = console.audience.code(), "console login refused");
            refused(StatusCode::UNAUTHORIZED, "console-login-wrong").await
        }
        Err(e) => {
            tracing::warn!(error = %e, "console login failed");
            let t = language(state, session, None, headers).await;
            unavailable(state, console, &t)
        }
    }
}

/// Who has given the right password and owes the code, kept in the session until then.
pub(super) const SESSION_PENDING: &str = "console.pending";
/// How long the code may take after the password.
const PENDING_MS: i64 = 5 * 60 * 1000;

#[derive(Serialize, Deserialize)]
pub(super) struct Pending {
    audience: String,
    pub login: String,
    pub lang: Option<String>,
    pub next: Option<String>,
    at_ms: i64,
}

/// After the right password of a user with a second factor: the session (under a new id)
/// remembers who owes the code, and the code page asks for it.
pub async fn ask_code(
    session: &Session,
    console: Console,
    login: &str,
    lang: Option<&str>,
    next: Option<String>,
) -> Result<Response, tower_sessions::session::Error> {
    session.cycle_id().await?;
    let pending = Pending {
        audience: console.audience.code().to_string(),
        login: login.to_string(),
        lang: lang.map(str::to_string),
        next,
        at_ms: now_ms(),
    };
    session.insert(SESSION_PENDING, pending).await?;
    Ok(Redirect::to(&format!("{}/login/code", console.base)).into_response())
}

/// Who owes the code in this session, while the code step lasts.
pub(super) async fn pending(session: &Session, console: Console) -> Option<Pending> {
    let p: Pending = session.get(SESSION_PENDING).await.ok().flatten()?;
    (p.audience == console.audience.code() && now_ms() - p.at_ms < PENDING_MS).then_some(p)
}

/// Signs `user` in (the password, and the code when they have a second factor, were right):
/// audited, and a new session.
#[allow(clippy::too_many_arguments)]
pub(super) async fn signed_in_now(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    user: &ConsoleUser,
    lang: Option<&str>,
    next: Option<String>,
    from: &str,
) -> Response {
    audit_sign_in(state, console, &user.login, "login", from).await;
    start_session(state, session, console, headers, user, lang, next).await
}

/// Audits a sign-in event; a failure to write it is logged, and the sign-in goes on (the person
/// is not kept out by the audit log).
pub(super) async fn audit_sign_in(
    state: &AppState,
    console: Console,
    login: &str,
    action: &'static str,
    address: &str,
) {
    if let Err(e) = state.services.users.record(console.audience, login, action, address).await {
        tracing::warn!(error = %e, action, "sign-in event not audited");
    }
}

/// A new session for `user`, under a new id (a session fixed before the login is worth
/// nothing), with its own CSRF token.
async fn start_session(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    user: &ConsoleUser,
    lang: Option<&str>,
    next: Option<String>,
) -> Response {
    if let Err(e) = session.cycle_id().await {
        tracing::warn!(error = %e, "console session id not renewed");
    }
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
    // The language the login page was read in stays (remembered now that there is a session).
    language(state, session, lang, headers).await;
    tracing::info!(audience = console.audience.code(), login = %user.login, "console login");
    Redirect::to(&next.unwrap_or_else(|| format!("{}/", console.base))).into_response()
}

#[derive(Deserialize)]
pub struct LogoutForm {
    csrf: Option<String>,
}

pub async fn logout(
    state: &AppState,
    session: &Session,
    console: Console,
    headers: &HeaderMap,
    peer: Option<std::net::IpAddr>,
    form: LogoutForm,
) -> Response {
    if let Ok(signed) = signed_in(state, session, console, None, headers, None).await {
        if !signed.csrf_ok(form.csrf.as_deref()) {
            return super::forbidden(state, &signed);
        }
        let from = peer.map(|p| p.to_string()).unwrap_or_default();
        audit_sign_in(state, console, &signed.user.login, "logout", &from).await;
    }
    if let Err(e) = session.flush().await {
        tracing::warn!(error = %e, "console session not ended");
    }
    redirect_with(console.base, "/login", "signed-out")
}
