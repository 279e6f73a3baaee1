//! The consoles' one mechanism, for two audiences (operators; users of a merchant): login and
//! logout ([`login`]), database-backed sessions (tower-sessions) read by the guards
//! ([`guard`]: signed in, audience, CSRF on posts), the frame and its navigation, translated
//! texts, notices, and the answers every console page shares (`no-store`, framed by nobody).
//! What both consoles show is in [`widgets`]; each audience adds its pages, one file per
//! feature, in its own folder.

pub mod brand;
pub mod export;
pub mod factor;
pub mod guard;
pub mod login;
pub mod merchant;
pub mod operator;
pub mod routes;
pub mod users;
pub mod widgets;

use std::collections::HashMap;

use axum::extract::Query;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use subtle::ConstantTimeEq;
use tower_sessions::Session;

use super::AppState;
use crate::domain::catalogue::Currency;
use crate::domain::error::{DomainError, Refusal};
use crate::domain::user::{Audience, ConsoleUser, Permission};
use crate::http::shared::html::{accept_language, html_response, new_nonce};
use app::i18n::{Arg, I18n};
use app::model::{
    ActionForm, Block, Cell, ConsoleFrame, ConsoleNotice, ConsoleUserBar, FieldKind, FormField, LanguageLink, NavLink,
};

/// Languages of the consoles.
pub const CONSOLE_LANGUAGES: &[(&str, &str)] = &[("en", "English"), ("ru", "Русский")];

const SESSION_LANG: &str = "console.lang";

/// One console: its audience, where it lives, its name.
#[derive(Clone, Copy)]
pub struct Console {
    pub audience: Audience,
    pub base: &'static str,
    pub name_key: &'static str,
    /// Navigation: path under `base`, text key, and what the person's role must allow for
    /// the link to show (the route itself checks it again).
    pub nav: &'static [(&'static str, &'static str, Permission)],
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

    /// A role's name in this language.
    pub fn role(&self, role: crate::domain::user::Role) -> String {
        self.t(&format!("console-role-{}", role.code()))
    }

    /// Column headers (or any list of texts) from their keys.
    pub fn all(&self, keys: &[&str]) -> Vec<String> {
        keys.iter().map(|k| self.t(k)).collect()
    }

    /// An amount in major units with its currency, as the console's language writes it.
    pub fn amount(&self, minor: i64, currency: &str) -> String {
        match Currency::parse(currency) {
            Some(c) => crate::i18n::format_amount(minor, c, self.lang).0,
            None => format!("{minor} {currency}"),
        }
    }

    /// A count as the console's language writes it (grouped).
    pub fn count(&self, n: i64) -> String {
        crate::i18n::format_count(n, self.lang)
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
pub use crate::domain::rules::parse_major;

/// A signed-in request: who, this session's CSRF token, the texts, which console.
pub struct Signed {
    pub user: ConsoleUser,
    pub csrf: String,
    pub texts: Texts,
    pub console: Console,
    /// The operator's queue, counted for the navigation (pages only).
    pub waiting: Option<crate::domain::ports::QueueCounts>,
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

    /// Whether the person's role allows `what` (a page leaves out the forms it does not).
    pub fn may(&self, what: Permission) -> bool {
        self.user.may(what)
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
        respond(StatusCode::OK, self.frame_of(state, current, title, notice), blocks)
    }

    /// A page of work that arrives by itself (the queue): with JavaScript it refreshes every
    /// `every_s` seconds while nobody types in it.
    pub fn live_page(
        &self,
        state: &AppState,
        current: &str,
        title: String,
        notice: Option<ConsoleNotice>,
        blocks: Vec<Block>,
        every_s: u32,
    ) -> Response {
        let frame = ConsoleFrame { refresh_s: Some(every_s), ..self.frame_of(state, current, title, notice) };
        respond(StatusCode::OK, frame, blocks)
    }

    fn frame_of(&self, state: &AppState, current: &str, title: String, notice: Option<ConsoleNotice>) -> ConsoleFrame {
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
        let role = t.role(self.user.role);
        let login = format!("{} · {role}", self.user.login);
        let bar = ConsoleUserBar { login, signed_in_as: t.t("console-signed-in-as"), logout };
        let mut frame = frame(state, self.console, t, current, title, notice, Some((&self.user, bar)));
        if let (Some(waiting), Some(queue)) = (self.waiting, frame.nav.first_mut()) {
            let words = t.ta("console-nav-waiting", &[("count", Arg::Number(waiting.total()))]);
            queue.count = Some((waiting.total(), words));
        }
        frame
    }

    /// [`Self::page`] answered with another status (a refused form shown again).
    pub fn page_with_status(
        &self,
        state: &AppState,
        status: StatusCode,
        current: &str,
        title: String,
        notice: Option<ConsoleNotice>,
        blocks: Vec<Block>,
    ) -> Response {
        let mut r = self.page(state, current, title, notice, blocks);
        *r.status_mut() = status;
        r
    }

    /// Back to a page of the console with a notice (post/redirect/get).
    pub fn back(&self, path: &str, notice: &str) -> Response {
        redirect_with(self.console.base, path, notice)
    }

    /// Back to a page with the notice of a refused action; a failure that is not a refusal is
    /// logged here, once, with its cause.
    pub fn refused(&self, path: &str, e: &DomainError) -> Response {
        self.back(path, refusal(e))
    }

    /// The "try again in a moment" page for a failure to read what the page needs, logged here.
    pub fn unavailable(&self, state: &AppState, e: &DomainError) -> Response {
        tracing::warn!(error = %e, console = self.console.base, "console page unavailable");
        unavailable(state, self.console, &self.texts)
    }

    /// A record this person may not see, or that does not exist: the same answer.
    pub fn not_found(&self, state: &AppState) -> Response {
        let t = &self.texts;
        let blocks = vec![Block::Paragraph(t.t("console-not-found-help"))];
        self.page_with_status(state, StatusCode::NOT_FOUND, "/", t.t("console-notice-not-found"), None, blocks)
    }

    /// Asks once more before a decision that cannot be undone: what will happen and to what,
    /// the same form posted again as confirmed, and a way back that does nothing. A page, not
    /// a script's dialog, so it works without JavaScript; nothing is focused, so a second
    /// Enter does not confirm.
    pub fn ask(&self, state: &AppState, confirm: &guard::Confirm, ask: Ask) -> Response {
        let t = &self.texts;
        let back = confirm.back().map_or(ask.back, str::to_string);
        let yes = ActionForm {
            danger: ask.danger,
            inline: false,
            label: Some(ask.submit.clone()),
            ..self.post(&ask.action, ask.submit, confirm.fields())
        };
        let blocks = vec![
            Block::Paragraph(ask.consequence),
            Block::Facts(ask.facts),
            Block::Form(yes),
            Block::Link { href: format!("{}{back}", self.console.base), text: t.t("console-confirm-cancel") },
        ];
        let title = t.ta("console-confirm-title", &[("action", Arg::Text(ask.what))]);
        // The navigation marks where the question came from (and where "cancel" leads).
        let from = back.split(['?', '#']).next().unwrap_or("/");
        self.page(state, from, title, None, blocks)
    }

    /// Back to where a decision was taken (`back`, when it came from a list) or to `path`.
    pub fn back_to(&self, confirm: &guard::Confirm, path: &str, notice: &str) -> Response {
        self.back(confirm.back().unwrap_or(path), notice)
    }

    /// The notice a page was sent back with (`?notice=`).
    pub fn notice(&self, params: &Params) -> Option<ConsoleNotice> {
        notice(&self.texts, param(params, "notice"))
    }
}

/// What a decision will do, asked once more before it is done ([`Signed::ask`]).
pub struct Ask {
    /// The decision in a few words ("Funds received").
    pub what: String,
    /// What will happen, in a sentence that names the amount and who is affected.
    pub consequence: String,
    /// What it is about (the payment, the merchant, the amounts).
    pub facts: Vec<(String, Cell)>,
    /// The form's path under the console, posted again as confirmed.
    pub action: String,
    pub submit: String,
    pub danger: bool,
    /// Where "cancel" leads when the form did not say.
    pub back: String,
}

/// A path inside the console to return to: relative, no scheme or host, nothing that could
/// lead elsewhere.
pub fn safe_back(back: &str) -> bool {
    back.starts_with('/')
        && !back.starts_with("//")
        && back.len() <= 512
        && back.bytes().all(|b| b.is_ascii_graphic() && b != b'\\' && b != b'"' && b != b'<' && b != b'>')
}

pub fn redirect_with(base: &str, path: &str, notice: &str) -> Response {
    // The notice goes into the query, before a fragment (`/#paid`: back to the row's list).
    let (path, fragment) = path.split_once('#').map_or((path, String::new()), |(p, f)| (p, format!("#{f}")));
    let sep = if path.contains('?') { '&' } else { '?' };
    Redirect::to(&format!("{base}{path}{sep}notice={notice}{fragment}")).into_response()
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
        error: None,
    }
}

pub fn field(name: &str, label: String, kind: FieldKind, required: bool) -> FormField {
    FormField {
        name: name.into(),
        label,
        kind,
        value: String::new(),
        required,
        autocomplete: None,
        hint: None,
        error: None,
    }
}

pub fn text(s: impl Into<String>) -> Cell {
    Cell::Text(s.into())
}

pub fn link(href: String, text: impl Into<String>) -> Cell {
    Cell::Link { href, text: text.into() }
}

fn frame(
    state: &AppState,
    console: Console,
    t: &Texts,
    current: &str,
    title: String,
    notice: Option<ConsoleNotice>,
    user: Option<(&ConsoleUser, ConsoleUserBar)>,
) -> ConsoleFrame {
    let (nav, user) = match user {
        Some((person, bar)) => (
            console
                .nav
                .iter()
                .filter(|(_, _, need)| person.may(*need))
                .map(|(path, key, _)| NavLink {
                    href: format!("{}{path}", console.base),
                    label: t.t(key),
                    current: *path == current,
                    count: None,
                })
                .collect(),
            Some(bar),
        ),
        None => (Vec::new(), None),
    };
    ConsoleFrame {
        lang: t.lang.to_string(),
        title,
        console_name: t.t(console.name_key),
        home: format!("{}/", console.base),
        nav,
        user,
        notice,
        languages: CONSOLE_LANGUAGES
            .iter()
            .map(|(code, name)| LanguageLink {
                code: code.to_string(),
                name: name.to_string(),
                href: format!("{}{current}{}lang={code}", console.base, if current.contains('?') { '&' } else { '?' }),
            })
            .collect(),
        language_label: t.t("console-language"),
        skip_label: t.t("console-skip"),
        nonce: new_nonce(),
        refresh_s: None,
        css_href: state.assets.console_css_href.clone(),
    }
}

fn respond(status: StatusCode, frame: ConsoleFrame, blocks: Vec<Block>) -> Response {
    let nonce = frame.nonce.clone();
    let lang = frame.lang.clone();
    let html = app::document::render_console(frame, blocks);
    html_response(status, html, &nonce, &lang, &[])
}

/// The console's language: `?lang=` (remembered in a signed-in session; an anonymous visitor
/// gets no session row for it, and the login form carries it instead), the session's, then
/// `Accept-Language`, then English.
async fn language(state: &AppState, session: &Session, query: Option<&str>, headers: &HeaderMap) -> Texts {
    let lang = if let Some(l) = query.and_then(supported_language) {
        let signed_in = matches!(session.get::<guard::SessionUser>(guard::SESSION_USER).await, Ok(Some(_)));
        if signed_in && let Err(e) = session.insert(SESSION_LANG, l).await {
            tracing::debug!(error = %e, "console language not remembered");
        }
        l
    } else if let Some(l) =
        session.get::<String>(SESSION_LANG).await.ok().flatten().as_deref().and_then(supported_language)
    {
        l
    } else {
        return anonymous_language(state, None, headers);
    };
    Texts { i18n: state.locales.i18n(lang), lang }
}

fn supported_language(c: &str) -> Option<&'static str> {
    CONSOLE_LANGUAGES.iter().map(|(code, _)| *code).find(|code| *code == c)
}

/// The language of a page without a session (the set-password page): `?lang=`, then
/// `Accept-Language`, then English.
fn anonymous_language(state: &AppState, query: Option<&str>, headers: &HeaderMap) -> Texts {
    let lang = query.and_then(supported_language).unwrap_or_else(|| {
        let accepted = crate::i18n::choose_language(None, None, None, accept_language(headers));
        supported_language(accepted).unwrap_or("en")
    });
    Texts { i18n: state.locales.i18n(lang), lang }
}

pub fn unavailable(state: &AppState, console: Console, t: &Texts) -> Response {
    let frame = frame(state, console, t, "/", t.t("console-unavailable-title"), None, None);
    let mut r = respond(StatusCode::SERVICE_UNAVAILABLE, frame, vec![Block::Paragraph(t.t("console-unavailable"))]);
    r.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("5"));
    r
}

/// Notices a console page may show (`?notice=`): fixed texts, never text from the URL.
pub fn notice(texts: &Texts, key: Option<&str>) -> Option<ConsoleNotice> {
    const ERRORS: &[&str] = &[
        "moved",
        "invalid",
        "not-found",
        "busy",
        "csrf",
        "insufficient",
        "failed",
        "second-approval",
        "own-proposal",
        "already-decided",
        "statement-missing",
        "logo-invalid",
        "two-keys",
        "last-key",
        "checks-slow-down",
        "checks-busy",
        "not-allowed",
        "own-account",
        "login-taken",
        "factor-required",
    ];
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

/// The notice key of a refused action, mapped once from the domain's refusals; what is not a
/// refusal (the database) is logged with its cause.
pub fn refusal(e: &DomainError) -> &'static str {
    match e {
        DomainError::NotFound | DomainError::Missing => "not-found",
        DomainError::Illegal(_) => "moved",
        DomainError::Busy => "busy",
        DomainError::Validation(_) => "invalid",
        DomainError::Refused(Refusal::InsufficientBalance) => "insufficient",
        DomainError::Refused(Refusal::TooManyKeys) => "two-keys",
        DomainError::Refused(Refusal::LastActiveKey) => "last-key",
        DomainError::Refused(Refusal::TooManyChecks) => "checks-slow-down",
        DomainError::Refused(
            Refusal::TransferAlreadyApplied
            | Refusal::PushTooSoon
            | Refusal::CallbackNotResendable
            | Refusal::PaymentChanged
            | Refusal::TransferSeenBefore,
        ) => "moved",
        DomainError::Refused(Refusal::SecondApprovalRequired) => "second-approval",
        DomainError::Refused(Refusal::OwnProposal) => "own-proposal",
        DomainError::Refused(Refusal::AlreadyDecided) => "already-decided",
        DomainError::Refused(Refusal::NotAllowed) => "not-allowed",
        DomainError::Refused(Refusal::OwnAccount) => "own-account",
        DomainError::Refused(Refusal::LoginTaken) => "login-taken",
        DomainError::DuplicatePaymentId
        | DomainError::Storage(_)
        | DomainError::Internal(_)
        | DomainError::Replayed => {
            // The whole error: a database failure names its code here (and only here).
            tracing::warn!(error = ?e, "console action failed");
            "failed"
        }
    }
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

/// Query strings of console pages.
pub type Params = Query<HashMap<String, String>>;

pub fn param<'a>(params: &'a Params, name: &str) -> Option<&'a str> {
    params.0.get(name).map(String::as_str).filter(|s| !s.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_times() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00");
        assert_eq!(format_utc(1_795_000_000_000), "2026-11-18 11:06:40");
    }
}
