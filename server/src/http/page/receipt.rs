//! The payer's receipt: uploaded as a multipart form whose token is checked before a byte of
//! the file is read, recognized by its content, at most a few uploads per payment.

use std::collections::HashMap;

use super::shell::{Loaded, PageForm, back_to, load, not_found, unavailable};
use crate::domain::ports::NewReceipt;
use crate::domain::state_machine::{self, Event};
use crate::http::AppState;
use crate::http::shared::multipart::{TooLarge, file_field, small_field};
use axum::extract::{Multipart, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;

/// Largest receipt accepted.
pub const MAX_RECEIPT_BYTES: usize = 5 * 1024 * 1024;

/// What kind of file a receipt is, by its first bytes (never by its name or declared type).
pub fn receipt_type(data: &[u8]) -> Option<&'static str> {
    let at = |offset: usize, magic: &[u8]| data.get(offset..offset + magic.len()) == Some(magic);
    if at(0, b"\xFF\xD8\xFF") {
        Some("image/jpeg")
    } else if at(0, b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if at(0, b"RIFF") && at(8, b"WEBP") {
        Some("image/webp")
    } else if at(0, b"%PDF-") {
        Some("application/pdf")
    } else if at(4, b"ftyp") && [b"heic", b"heix", b"hevc", b"mif1", b"msf1"].iter().any(|brand| at(8, *brand)) {
        Some("image/heic")
    } else {
        None
    }
}

/// Upload attempts accepted per payment within [`UPLOAD_WINDOW`].
const MAX_UPLOADS: usize = 5;

const UPLOAD_WINDOW: std::time::Duration = std::time::Duration::from_secs(600);

/// Recent receipt uploads per payment (this process), to bound what one page can make the
/// server read.
#[derive(Default)]
pub struct UploadLimiter {
    recent: std::sync::Mutex<HashMap<String, Vec<std::time::Instant>>>,
}

impl UploadLimiter {
    /// Counts an upload of `token`; false when the payment used up its uploads for now.
    fn admit(&self, token: &str) -> bool {
        let mut recent = self.recent.lock().expect("upload limiter lock");
        let now = std::time::Instant::now();
        if recent.len() > 10_000 {
            recent.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < UPLOAD_WINDOW));
        }
        let times = recent.entry(token.to_string()).or_default();
        times.retain(|t| now.duration_since(*t) < UPLOAD_WINDOW);
        if times.len() >= MAX_UPLOADS {
            return false;
        }
        times.push(now);
        true
    }
}

/// POST a receipt (multipart): `processing:paid` or `dispute:no_payment` → `dispute:confirm_timeout`.
/// The payment, its state and the form's CSRF token are checked from the fields that come
/// before the file (the page's form sends them first); the file is read only then, into a
/// buffer bounded by the receipt limit.
pub async fn receipt(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
    mut multipart: Multipart,
) -> Response {
    let payment = match load(&state, &token).await {
        Loaded::Found(p) => *p,
        Loaded::NotFound => return not_found(&state, None, &headers),
        Loaded::Unavailable => return unavailable(&state, None, &headers),
    };
    let mut fields: HashMap<String, String> = HashMap::new();
    let mut form: Option<PageForm> = None;
    let mut file: Option<Vec<u8>> = None;
    let mut problem: Option<&'static str> = None;
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(_) => {
                problem = Some("receipt-error-size");
                break;
            }
        };
        let name = field.name().unwrap_or_default().to_string();
        if name != "receipt" {
            // Small fields only (the token, the language).
            let Some(text) = small_field(&mut field).await else {
                return back_to(&token, None, Some("error-session"));
            };
            fields.insert(name, text);
            continue;
        }
        // The file: nothing of it is read before the form is accepted.
        let accepted = match PageForm::accept(&state, token.clone(), fields.clone(), headers.clone()).await {
            Ok(accepted) => accepted,
            Err(refused) => return refused,
        };
        if !state_machine::allows(payment.flow(), payment.state, &Event::ReceiptUploaded) {
            return accepted.back_with("error-not-available");
        }
        if !state.uploads.admit(&token) {
            return accepted.back_to_receipt("receipt-error-too-many");
        }
        match file_field(&mut field, MAX_RECEIPT_BYTES).await {
            Ok(data) => file = Some(data),
            Err(TooLarge) => problem = Some("receipt-error-size"),
        }
        form = Some(accepted);
        break;
    }
    let form = match form {
        Some(form) => form,
        // No file field: the form is checked all the same before anything is said.
        None => match PageForm::accept(&state, token, fields, headers).await {
            Ok(form) => form,
            Err(refused) => return refused,
        },
    };
    let problem = problem.or(match &file {
        None => Some("receipt-error-missing"),
        Some(data) if data.is_empty() => Some("receipt-error-missing"),
        Some(data) if receipt_type(data).is_none() => Some("receipt-error-type"),
        _ => None,
    });
    if let Some(key) = problem {
        return form.back_to_receipt(key);
    }
    let data = file.unwrap_or_default();
    let content_type = receipt_type(&data).unwrap_or("application/octet-stream").to_string();
    match state.services.hosted_page.upload_receipt(form.payment.clone(), NewReceipt { content_type, data }).await {
        Ok(_) => form.back_with("receipt-uploaded"),
        Err(e) => form.settle(Err(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receipts_are_recognized_by_content() {
        assert_eq!(receipt_type(b"\xFF\xD8\xFF\xE0rest"), Some("image/jpeg"));
        assert_eq!(receipt_type(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(receipt_type(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(receipt_type(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(receipt_type(b"\0\0\0\x18ftypheic\0\0"), Some("image/heic"));
        assert_eq!(receipt_type(b"<html><script>"), None);
        assert_eq!(receipt_type(b"GIF89a"), None);
        assert_eq!(receipt_type(b""), None);
    }
}
