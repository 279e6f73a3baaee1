//! The card rules for the browser: the functions the server checks card forms with
//! (`kassa_rules::card`), exported to the payment page's script (`public/page.js`) as plain
//! wasm functions. No binding generator: text crosses in both directions through two byte
//! buffers of this module's memory, so building it needs only cargo (no wasm-bindgen CLI).
//!
//! The calling convention: the script asks [`input`] for room for its arguments' UTF-8 bytes,
//! written one after the other, and passes each argument's length; a function that answers
//! text returns 0 for none, or the answer's length plus one, the bytes being at [`output`].

use std::cell::RefCell;

use kassa_rules::card::{self, Scheme};

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for `len` bytes of arguments; the script writes them there before the call.
#[unsafe(no_mangle)]
pub extern "C" fn input(len: usize) -> *mut u8 {
    INPUT.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        buffer.clear();
        buffer.resize(len, 0);
        buffer.as_mut_ptr()
    })
}

/// Where the last answer's bytes are.
#[unsafe(no_mangle)]
pub extern "C" fn output() -> *const u8 {
    OUTPUT.with(|buffer| buffer.borrow().as_ptr())
}

/// The arguments in the input buffer, split at these lengths.
fn args<const N: usize>(lengths: [usize; N]) -> [String; N] {
    INPUT.with(|buffer| {
        let buffer = buffer.borrow();
        let mut at = 0;
        lengths.map(|len| {
            let end = (at + len).min(buffer.len());
            // The script encodes with TextEncoder: always UTF-8.
            let text = std::str::from_utf8(&buffer[at.min(end)..end]).unwrap_or_default().to_string();
            at = end;
            text
        })
    })
}

/// Puts an answer in the output buffer: 0 for none, else its length plus one.
fn answer(text: Option<&str>) -> usize {
    let Some(text) = text else { return 0 };
    OUTPUT.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        buffer.clear();
        buffer.extend_from_slice(text.as_bytes());
    });
    text.len() + 1
}

/// The message key of what is wrong with a typed card number, if anything.
#[unsafe(no_mangle)]
pub extern "C" fn pan_problem(len: usize) -> usize {
    let [typed] = args([len]);
    answer(card::pan_problem(&typed))
}

/// The message key of what is wrong with a typed `MM/YY` expiry, if anything.
#[unsafe(no_mangle)]
pub extern "C" fn expiry_problem(len: usize, now_year: i32, now_month: i32) -> usize {
    let [typed] = args([len]);
    answer(card::expiry_problem(&typed, now_year.into(), now_month.into()))
}

/// The message key of what is wrong with a typed card holder name, if anything.
#[unsafe(no_mangle)]
pub extern "C" fn holder_problem(len: usize) -> usize {
    let [typed] = args([len]);
    answer(card::holder_problem(&typed))
}

/// The message key of what is wrong with a security code for this card number, if anything.
#[unsafe(no_mangle)]
pub extern "C" fn cvv_problem(cvv_len: usize, pan_len: usize) -> usize {
    let [cvv, typed_pan] = args([cvv_len, pan_len]);
    answer(card::cvv_problem(&cvv, &typed_pan))
}

/// A typed card number grouped the way its scheme prints it.
#[unsafe(no_mangle)]
pub extern "C" fn group(len: usize) -> usize {
    let [typed] = args([len]);
    answer(Some(&card::group(&typed)))
}

/// The longest security code this card number's scheme has (4 while the scheme is unknown).
#[unsafe(no_mangle)]
pub extern "C" fn cvv_max_length(len: usize) -> u32 {
    let [typed_pan] = args([len]);
    match Scheme::detect(&card::strip_separators(&typed_pan)) {
        Scheme::Unknown => 4,
        scheme => scheme.cvv_length() as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the script does: write the arguments, call, read the answer.
    fn call(arguments: &[&str], f: impl FnOnce(&[usize]) -> usize) -> Option<String> {
        let bytes: Vec<u8> = arguments.iter().flat_map(|a| a.bytes()).collect();
        let at = input(bytes.len());
        // SAFETY: `input` returned room for exactly these bytes in the input buffer.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), at, bytes.len()) };
        let lengths: Vec<usize> = arguments.iter().map(|a| a.len()).collect();
        let n = f(&lengths);
        // SAFETY: the output buffer holds the answer's `n - 1` bytes until the next call.
        (n > 0).then(|| unsafe { String::from_utf8_lossy(std::slice::from_raw_parts(output(), n - 1)).into_owned() })
    }

    #[test]
    fn the_script_gets_the_servers_answers() {
        assert_eq!(
            call(&["4242424242424241"], |l| pan_problem(l[0])),
            card::pan_problem("4242424242424241").map(str::to_string)
        );
        assert_eq!(call(&["4242424242424242"], |l| pan_problem(l[0])), None);
        assert_eq!(call(&["4242424242424242"], |l| group(l[0])).as_deref(), Some("4242 4242 4242 4242"));
        assert_eq!(
            call(&["12", "378282246310005"], |l| cvv_problem(l[0], l[1])),
            card::cvv_problem("12", "378282246310005").map(str::to_string)
        );
        assert_eq!(call(&["Иван Петров"], |l| holder_problem(l[0])), None, "UTF-8 crosses intact");
        assert_eq!(
            call(&["13/30"], |l| expiry_problem(l[0], 2026, 11)),
            card::expiry_problem("13/30", 2026, 11).map(str::to_string)
        );
        let amex = "3782 822463 10005";
        let at = input(amex.len());
        // SAFETY: `input` returned room for exactly these bytes.
        unsafe { std::ptr::copy_nonoverlapping(amex.as_ptr(), at, amex.len()) };
        assert_eq!(cvv_max_length(amex.len()), 4);
    }
}
