//! Payments as CSV, in both consoles: the search's filter within the reader's scope, streamed
//! page by page (keyset), so a million rows never sit in memory at once.

use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::format_utc;
use super::widgets::{csv_record, method_of};
use crate::domain::lookup::Scope;
use crate::domain::payment::Payment;
use crate::domain::ports::PaymentFilter;
use crate::http::AppState;

const EXPORT_PAGE: i64 = 1000;

const HEADER: &[&str] = &[
    "request_id",
    "payment_id",
    "project_id",
    "type",
    "status",
    "sub_status",
    "amount",
    "initial_amount",
    "currency",
    "method",
    "country",
    "created_utc",
    "status_description",
];

fn row(p: &Payment) -> String {
    let digits = p.currency.digits;
    let cells = [
        p.request_id.clone(),
        p.payment_id.clone(),
        p.project_id.clone(),
        p.payment_type.code().to_string(),
        p.state.status().to_string(),
        p.state.sub_status().unwrap_or("").to_string(),
        kassa_rules::amount::major_units(p.amount, digits),
        kassa_rules::amount::major_units(p.initial_amount, digits),
        p.currency.code.to_string(),
        method_of(p),
        p.country.code().to_string(),
        format_utc(p.created_ms),
        p.status_description.clone().unwrap_or_default(),
    ];
    csv_record(&cells)
}

/// The next page of the export after `filter`'s position, and the filter of the page after it.
async fn page(state: &AppState, scope: &Scope, filter: PaymentFilter) -> Result<(String, Option<PaymentFilter>), ()> {
    let page = state.services.lookup.search(scope, filter.clone()).await.map_err(|e| {
        tracing::warn!(error = %e, "export stopped");
    })?;
    let chunk: String = page.iter().map(row).collect();
    let next = page
        .last()
        .filter(|_| page.len() as i64 == EXPORT_PAGE)
        .map(|last| PaymentFilter { after: Some((last.created_ms, last.request_id.clone())), ..filter });
    Ok((chunk, next))
}

/// The payments matching `filter` within `scope`, every page of them, as a CSV download.
pub fn payments_csv(state: AppState, scope: Scope, mut filter: PaymentFilter) -> Response {
    filter.limit = EXPORT_PAGE;
    filter.after = None;
    let stream = futures_util::stream::unfold((Some(filter), true), move |(filter, first)| {
        let (state, scope) = (state.clone(), scope.clone());
        async move {
            if first {
                return Some((Ok::<_, std::io::Error>(csv_record(HEADER)), (filter, false)));
            }
            match page(&state, &scope, filter?).await {
                Ok((chunk, _)) if chunk.is_empty() => None,
                Ok((chunk, next)) => Some((Ok(chunk), (next, false))),
                Err(()) => Some((Err(std::io::Error::other("export stopped")), (None, false))),
            }
        }
    });
    // Fused: a body may be polled once more after its end.
    let mut r = Body::from_stream(futures_util::StreamExt::fuse(stream)).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    h.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"payments.csv\""));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}
