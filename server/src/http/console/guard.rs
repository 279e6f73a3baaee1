//! The consoles' guards, as extractors: a handler that takes [`Operator`] or [`MerchantUser`]
//! runs only for a signed-in, active person of that console (anyone else gets the login page),
//! and one that takes [`Posted`] only for a form whose CSRF token is this session's, checked
//! before the form is read. A merchant user reads payments through its [`Scope`], so no page
//! can show another merchant's. What a person may do besides reading is their role's
//! ([`Role::may`]): a route that does more names its [`Need`] in its extractor ([`Allowed`],
//! and every [`Posted`] form), so a handler cannot act without saying who may.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tower_sessions::Session;

use super::{Console, Signed, language, redirect_with, unavailable};
use crate::domain::lookup::Scope;
use crate::domain::project::Project;
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::Block;

/// What a route needs of a person's role, as a type.
pub trait Need: Send {
    const WHAT: Permission;
}

/// A need that changes something: every posted form names one (reading is not enough).
pub trait Acts: Need {}

macro_rules! needs {
    ($($(#[$doc:meta])* $name:ident => $what:ident),* $(,)?) => {$(
        $(#[$doc])*
        pub struct $name;
        impl Need for $name {
            const WHAT: Permission = Permission::$what;
        }
        impl Acts for $name {}
    )*};
}

needs! {
    /// Send a callback again.
    Resends => Resend,
    /// Decide payments, payouts, transfers, statements, requisites (operators).
    Decides => Decide,
    /// Limits and settings (operators' administrators).
    Administers => Administer,
    /// Keys, callbacks, the integration check, page settings (a merchant's owners, developers).
    Develops => Develop,
    /// The console's users (administrators, owners).
    ManagesUsers => ManageUsers,
    /// Payouts requested and payments cancelled from the merchant console (owners).
    Pays => Pay,
    /// One's own account: any role may enrol their own second factor.
    OwnAccount => Read,
}

/// A person `W` lets through whose role allows `N`; anyone else gets "your role does not
/// allow this" (403) and nothing is done.
pub struct Allowed<N, W>(pub W, pub std::marker::PhantomData<N>);

impl<N: Need, W> FromRequestParts<AppState> for Allowed<N, W>
where
    W: FromRequestParts<AppState, Rejection = Response> + Guarded + Send,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let who = W::from_request_parts(parts, state).await?;
        match refused::<N>(state, who.signed()) {
            Some(answer) => Err(answer),
            None => Ok(Allowed(who, std::marker::PhantomData)),
        }
    }
}

/// The refusal for a person whose role does not allow `N`, if it does not.
fn refused<N: Need>(state: &AppState, s: &Signed) -> Option<Response> {
    (!s.user.may(N::WHAT)).then(|| not_allowed(state, s))
}

/// The answer to a person whose role does not allow what they asked for: which role they
/// have and who can change it.
pub fn not_allowed(state: &AppState, s: &Signed) -> Response {
    let t = &s.texts;
    let role = t.role(s.user.role);
    let blocks = vec![
        Block::Paragraph(t.ta("console-not-allowed", &[("role", Arg::Text(role))])),
        Block::Link { href: format!("{}/", s.console.base), text: t.t("console-not-allowed-back") },
    ];
    s.page_with_status(state, StatusCode::FORBIDDEN, "/", t.t("console-notice-not-allowed"), None, blocks)
}

pub(super) const SESSION_USER: &str = "console.user";

/// Who is signed in, as kept in the session.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct SessionUser {
    pub audience: String,
    pub login: String,
    /// This session's CSRF token: every form carries it.
    pub csrf: String,
}

/// The signed-in person of `console`, or the answer to send instead (the login page).
pub async fn signed_in(
    state: &AppState,
    session: &Session,
    console: Console,
    query_lang: Option<&str>,
    headers: &HeaderMap,
    asked: Option<&str>,
) -> Result<Signed, Response> {
    let texts = language(state, session, query_lang, headers).await;
    let stored: Option<SessionUser> = match session.get(SESSION_USER).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "console session unreadable");
            return Err(unavailable(state, console, &texts));
        }
    };
    let Some(stored) = stored.filter(|s| s.audience == console.audience.code()) else {
        return Err(to_login(console, asked));
    };
    match state.services.users.active_user(console.audience, &stored.login).await {
        Ok(Some(user)) => Ok(Signed { user, csrf: stored.csrf, texts, console, waiting: None }),
        Ok(None) => {
            // Disabled (or removed) since the login: the session ends now.
            if let Err(e) = session.flush().await {
                tracing::warn!(error = %e, "console session not ended");
            }
            Err(redirect_with(console.base, "/login", "signed-out"))
        }
        Err(e) => {
            tracing::warn!(error = %e, "console user unreadable");
            Err(unavailable(state, console, &texts))
        }
    }
}

/// The login page, remembering the page asked for (a deep link survives the login); the
/// console's home needs no reminder.
fn to_login(console: Console, asked: Option<&str>) -> Response {
    let next = asked.filter(|a| *a != format!("{}/", console.base) && a.starts_with(console.base));
    match next {
        Some(next) => {
            let next = super::widgets::urlencode(next);
            Redirect::to(&format!("{}/login?next={next}", console.base)).into_response()
        }
        None => Redirect::to(&format!("{}/login", console.base)).into_response(),
    }
}

/// The signed-in person of a request to `console`, read from the request's parts.
async fn from_parts(parts: &mut Parts, state: &AppState, console: Console) -> Result<Signed, Response> {
    let session = Session::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
    let query = axum::extract::Query::<std::collections::HashMap<String, String>>::try_from_uri(&parts.uri).ok();
    let lang = query.and_then(|q| q.0.get("lang").cloned()).filter(|l| !l.trim().is_empty());
    // Only a page is asked for again after the login; a form posted without a session is not
    // re-posted.
    let asked = (parts.method == axum::http::Method::GET).then(|| parts.uri.path_and_query().map(|p| p.as_str()));
    let signed = signed_in(state, &session, console, lang.as_deref(), &parts.headers, asked.flatten()).await?;
    // A person who must have a second factor and has none yet enrols before anything else.
    let own_account = parts.uri.path().starts_with(&format!("{}/account", console.base));
    if !own_account && !signed.user.has_factor && state.services.users.factor_required(&signed.user) {
        return Err(redirect_with(console.base, "/account", "factor-required"));
    }
    Ok(signed)
}

/// Whoever a guard lets through.
pub trait Guarded {
    fn signed(&self) -> &Signed;
}

/// A signed-in operator.
pub struct Operator(pub Signed);

impl Guarded for Operator {
    fn signed(&self) -> &Signed {
        &self.0
    }
}

impl FromRequestParts<AppState> for Operator {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let mut signed = from_parts(parts, state, super::operator::CONSOLE).await?;
        // Every page's navigation says how much waits in the queue (a form's answer is a
        // redirect to a page, which counts then).
        if parts.method == axum::http::Method::GET {
            match state.services.decisions.queue_counts().await {
                Ok(counts) => signed.waiting = Some(counts),
                Err(e) => tracing::debug!(error = %e, "queue not counted"),
            }
        }
        Ok(Operator(signed))
    }
}

/// A signed-in user of a merchant, with the merchant's projects and the scope its reads go
/// through.
pub struct MerchantUser {
    pub s: Signed,
    pub projects: Vec<Project>,
    pub scope: Scope,
}

impl MerchantUser {
    /// One of the merchant's projects (another merchant's is not found).
    pub fn project(&self, project_id: &str) -> Option<&Project> {
        self.projects.iter().find(|p| p.id == project_id)
    }

    pub fn project_ids(&self) -> Vec<String> {
        self.projects.iter().map(|p| p.id.clone()).collect()
    }
}

impl Guarded for MerchantUser {
    fn signed(&self) -> &Signed {
        &self.s
    }
}

impl FromRequestParts<AppState> for MerchantUser {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let s = from_parts(parts, state, super::merchant::CONSOLE).await?;
        let merchant = s.user.merchant_id.clone().unwrap_or_default();
        match state.services.projects.of_merchant(&merchant).await {
            Ok(projects) => {
                let scope = Scope::Projects(projects.iter().map(|p| p.id.clone()).collect());
                Ok(MerchantUser { s, projects, scope })
            }
            Err(e) => Err(s.unavailable(state, &e)),
        }
    }
}

#[derive(Deserialize)]
struct Token {
    csrf: Option<String>,
}

/// A form posted by a person `W` lets through, whose role allows `N` and whose CSRF token is
/// this session's. The person and their role are checked before the body is read; a forged
/// form is refused and nothing is done.
pub struct Posted<W, F, N> {
    pub who: W,
    pub form: F,
    /// The form as posted, for a decision that asks once more before it acts.
    pub confirm: Confirm,
    need: std::marker::PhantomData<N>,
}

/// A posted form's fields, kept so that a decision that cannot be undone can show what it
/// will do and post the same fields again, marked as confirmed.
pub struct Confirm {
    pairs: Vec<(String, String)>,
}

impl Confirm {
    /// Whether the person confirmed (the confirmation page posts `confirmed=1`).
    pub fn given(&self) -> bool {
        self.pairs.iter().any(|(k, v)| k == "confirmed" && v == "1")
    }

    /// The fields to post again: as they came, without the token (the form adds its own) and
    /// with the confirmation mark.
    pub fn fields(&self) -> Vec<app::model::FormField> {
        let mut fields: Vec<_> = self
            .pairs
            .iter()
            .filter(|(k, _)| k != "csrf" && k != "confirmed")
            .map(|(k, v)| super::hidden(k, v))
            .collect();
        fields.push(super::hidden("confirmed", "1"));
        fields
    }

    /// Every value posted under `name` (a field given more than once: checkboxes).
    pub fn values<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs.iter().filter(move |(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Where the person came from (`back`, a path inside the console), to return there.
    pub fn back(&self) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == "back").map(|(_, v)| v.as_str()).filter(|b| super::safe_back(b))
    }
}

impl<W, F, N> FromRequest<AppState> for Posted<W, F, N>
where
    W: FromRequestParts<AppState, Rejection = Response> + Guarded + Send,
    F: DeserializeOwned + Send,
    N: Acts,
{
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let who = W::from_request_parts(&mut parts, state).await?;
        if let Some(answer) = refused::<N>(state, who.signed()) {
            return Err(answer);
        }
        let bytes =
            Bytes::from_request(Request::from_parts(parts, body), state).await.map_err(IntoResponse::into_response)?;
        let token: Token = serde_urlencoded::from_bytes(&bytes).unwrap_or(Token { csrf: None });
        if !who.signed().csrf_ok(token.csrf.as_deref()) {
            return Err(super::forbidden(state, who.signed()));
        }
        let pairs = serde_urlencoded::from_bytes(&bytes).unwrap_or_default();
        match serde_urlencoded::from_bytes::<F>(&bytes) {
            Ok(form) => Ok(Posted { who, form, confirm: Confirm { pairs }, need: std::marker::PhantomData }),
            Err(e) => {
                tracing::info!(error = %e, "console form unreadable");
                Err((StatusCode::UNPROCESSABLE_ENTITY, "the form could not be read").into_response())
            }
        }
    }
}

/// A form that carries nothing but its CSRF token.
#[derive(Deserialize)]
pub struct Empty {}
