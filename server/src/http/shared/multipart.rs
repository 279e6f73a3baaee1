//! Reading a multipart form's fields into bounded buffers, a chunk at a time: a form whose
//! token comes first is refused before a byte of its file is read, and a file past its limit
//! stops being read at the limit (not when the whole body has arrived).

use axum::extract::multipart::Field;

/// A small text field (a token, a language), at most 1 KiB: `None` past that.
pub async fn small_field(field: &mut Field<'_>) -> Option<String> {
    let mut text = Vec::new();
    while let Ok(Some(chunk)) = field.chunk().await {
        text.extend_from_slice(&chunk);
        if text.len() > 1024 {
            return None;
        }
    }
    Some(String::from_utf8_lossy(&text).into_owned())
}

/// A file past its limit, or cut off before its end.
#[derive(Debug, PartialEq, Eq)]
pub struct TooLarge;

/// A file's bytes, read until `max` and no further.
pub async fn file_field(field: &mut Field<'_>, max: usize) -> Result<Vec<u8>, TooLarge> {
    let mut data = Vec::new();
    loop {
        match field.chunk().await {
            Ok(Some(chunk)) if data.len() + chunk.len() > max => return Err(TooLarge),
            Ok(Some(chunk)) => data.extend_from_slice(&chunk),
            Ok(None) => return Ok(data),
            Err(_) => return Err(TooLarge),
        }
    }
}
