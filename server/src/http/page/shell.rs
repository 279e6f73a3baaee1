//! What every page of the hosted payment page shares: the page frame, loading the payment of
//! a token (failing closed when the database cannot answer), one-time notices, and the checked
//! form ([`PageForm`]) every action posts.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Form;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::domain::error::DomainError;
use crate::domain::page_read::PageRead;
use crate::domain::payment::{Payment, is_page_token};
use crate::http::AppState;
use crate::http::shared::html::{accept_language, html_response, new_nonce};
use crate::i18n;
use app::model::{Notice, PageContext};

#[derive(Debug, Deserialize)]
pub struct LangQuery {
    pub lang: Option<String>,
    /// A notice to show once (one of [`NOTICES`]).
    pub notice: Option<String>,
    /// `ask`: the payer pressed "Cancel the payment"; the page asks once more.
    pub cancel: Option<String>,
    /// `print`: the printable record of a final payment.
    pub view: Option<String>,
    /// `1`: the payer chose to stay on the success screen (no return to the shop by itself).
    pub stay: Option<String>,
}

/// The frame every page shares.
pub fn page_context(state: &AppState, lang: &str, path: &str, nonce: String, refresh_s: Option<u32>) -> PageContext {
    PageContext {
        lang: lang.to_string(),
        dir: crate::i18n::is_rtl(lang).then(|| "rtl".to_string()),
        chrome: state.locales.chrome(lang),
        path: path.to_string(),
        nonce,
        css_href: state.assets.css_href.clone(),
        theme_href: None,
        scripts: state.assets.scripts.clone(),
        refresh_s,
        sandbox: state.config.sandbox(),
        return_to: None,
    }
}

/// The localized "payment not found" page.
pub fn not_found(state: &AppState, query_lang: Option<&str>, headers: &HeaderMap) -> Response {
    let lang = i18n::choose_language(query_lang, None, None, accept_language(headers));
    let nonce = new_nonce();
    let ctx = page_context(state, lang, "", nonce.clone(), None);
    let html = app::document::render_not_found(ctx, state.locales.i18n(lang));
    html_response(StatusCode::NOT_FOUND, html, &nonce, lang, &[])
}

/// The localized "try again in a minute" page, when the database cannot answer: the page
/// never guesses what it cannot read.
pub fn unavailable(state: &AppState, query_lang: Option<&str>, headers: &HeaderMap) -> Response {
    let lang = i18n::choose_language(query_lang, None, None, accept_language(headers));
    let nonce = new_nonce();
    let ctx = page_context(state, lang, "", nonce.clone(), None);
    let html = app::document::render_unavailable(ctx, state.locales.i18n(lang));
    let mut response = html_response(StatusCode::SERVICE_UNAVAILABLE, html, &nonce, lang, &[]);
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
    response
}

/// The payment of a page token (with its project, from [`load_view`]).
pub enum Loaded<T = Payment> {
    Found(Box<T>),
    NotFound,
    /// The database did not answer.
    Unavailable,
}

pub async fn load(state: &AppState, token: &str) -> Loaded {
    if !is_page_token(token) {
        return Loaded::NotFound;
    }
    match state.services.lookup.by_page_token(token).await {
        // A payout has no page: nobody pays it on Kassa's page.
        Ok(p) if p.payment_type == crate::domain::payment::PaymentType::Payout => Loaded::NotFound,
        Ok(p) => Loaded::Found(Box::new(p)),
        Err(DomainError::NotFound) => Loaded::NotFound,
        Err(e) => {
            tracing::warn!(error = %e, "loading a payment page failed");
            Loaded::Unavailable
        }
    }
}

/// [`load`] with the payment's project: what a page view needs (the read kept from an earlier
/// view while neither row changed, `domain/page_read.rs`).
pub async fn load_view(state: &AppState, token: &str) -> Loaded<Arc<PageRead>> {
    if !is_page_token(token) {
        return Loaded::NotFound;
    }
    match state.services.lookup.page_of(token).await {
        Ok(read) if read.payment.payment_type == crate::domain::payment::PaymentType::Payout => Loaded::NotFound,
        Ok(read) => Loaded::Found(Box::new(read)),
        Err(DomainError::NotFound) => Loaded::NotFound,
        Err(e) => {
            tracing::warn!(error = %e, "loading a payment page failed");
            Loaded::Unavailable
        }
    }
}

pub fn language_of(payment: &Payment, query: Option<&str>, headers: &HeaderMap) -> &'static str {
    i18n::choose_language(
        query,
        payment.details.customer.language.as_deref(),
        Some(payment.country.default_language()),
        accept_language(headers),
    )
}

/// Messages a page shows once after a form (carried in the redirect as `?notice=`): the only
/// keys accepted there, and whether each reports an error.
pub const NOTICES: &[(&str, bool)] = &[
    ("notice-push-sent", false),
    ("notice-push-wait", true),
    ("push-phone-error", true),
    ("error-session", true),
    ("error-not-available", true),
    ("receipt-error-size", true),
    ("receipt-error-missing", true),
    ("receipt-error-type", true),
    ("receipt-error-too-many", true),
    ("receipt-uploaded", false),
];

/// The notice a page view was sent with, if it is one of [`NOTICES`].
pub fn notice(key: Option<&str>) -> Option<Notice> {
    let key = key?;
    NOTICES.iter().find(|(k, _)| *k == key).map(|(k, error)| Notice { key: k.to_string(), error: *error })
}

/// After a form: back to the page in the same language, with a notice to show once.
pub fn back_to(token: &str, lang: Option<&str>, notice: Option<&str>) -> Response {
    let mut query = Vec::new();
    if let Some(lang) = lang.filter(|l| i18n::is_supported(l)) {
        query.push(format!("lang={lang}"));
    }
    if let Some(key) = notice.filter(|k| NOTICES.iter().any(|(n, _)| n == k)) {
        query.push(format!("notice={key}"));
    }
    let location = if query.is_empty() { format!("/pay/{token}") } else { format!("/pay/{token}?{}", query.join("&")) };
    Redirect::to(&location).into_response()
}

/// The CSRF scope of a payment's forms.
pub fn csrf_scope(token: &str) -> String {
    format!("pay:{token}")
}

/// A form posted on a payment's page, accepted: its payment (by the token in the path) and its
/// fields, the CSRF token checked. A refusal is answered the way the page answers it (404 page,
/// or back to the page with a notice); nothing is written for it.
pub struct PageForm {
    pub token: String,
    pub payment: Payment,
    pub fields: HashMap<String, String>,
    pub headers: HeaderMap,
}

impl PageForm {
    pub fn lang(&self) -> Option<&str> {
        self.fields.get("lang").map(String::as_str)
    }

    /// Post-redirect-get: back to the page, in the form's language.
    pub fn back(&self) -> Response {
        back_to(&self.token, self.lang(), None)
    }

    /// Back to the page with a notice.
    pub fn back_with(&self, notice: &str) -> Response {
        back_to(&self.token, self.lang(), Some(notice))
    }

    /// Back to the receipt upload's own view with a notice (a refused file: the payer chooses
    /// another there, without the status page's reload).
    pub fn back_to_receipt(&self, notice: &str) -> Response {
        let lang = self.lang().filter(|l| i18n::is_supported(l)).map(|l| format!("lang={l}&")).unwrap_or_default();
        let notice = Some(notice).filter(|k| NOTICES.iter().any(|(n, _)| n == k)).unwrap_or("error-session");
        Redirect::to(&format!("/pay/{}?{lang}view=receipt&notice={notice}", self.token)).into_response()
    }

    /// Back to the page asking once more whether to cancel (the second step of a cancel).
    pub fn ask_to_cancel(&self) -> Response {
        let lang = self.lang().filter(|l| i18n::is_supported(l)).map(|l| format!("lang={l}&")).unwrap_or_default();
        Redirect::to(&format!("/pay/{}?{lang}cancel=ask#cancel", self.token)).into_response()
    }

    /// Loads the payment of `token` and checks the form's CSRF token.
    pub async fn accept(
        state: &AppState,
        token: String,
        fields: HashMap<String, String>,
        headers: HeaderMap,
    ) -> Result<Self, Response> {
        let lang = fields.get("lang").map(String::as_str);
        let payment = match load(state, &token).await {
            Loaded::Found(p) => *p,
            Loaded::NotFound => return Err(not_found(state, lang, &headers)),
            Loaded::Unavailable => return Err(unavailable(state, lang, &headers)),
        };
        if !state.csrf.verify(&headers, &csrf_scope(&token), fields.get("csrf").map(String::as_str)) {
            return Err(back_to(&token, lang, Some("error-session")));
        }
        Ok(PageForm { token, payment, fields, headers })
    }

    /// Back to the page: a refused move shows a notice rather than an error page.
    pub fn settle(&self, result: Result<Payment, DomainError>) -> Response {
        match result {
            Ok(_) => self.back(),
            Err(e) => {
                if !matches!(e, DomainError::Illegal(_)) {
                    tracing::warn!(error = %e, "page action failed");
                }
                self.back_with("error-not-available")
            }
        }
    }
}

impl FromRequest<AppState> for PageForm {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let Path(token) =
            Path::<String>::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let headers = parts.headers.clone();
        let Form(fields) = Form::<HashMap<String, String>>::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(IntoResponse::into_response)?;
        PageForm::accept(state, token, fields, headers).await
    }
}
