//! Card rules shared by the server's validation and the card form's check in the browser, so
//! the two can never disagree. Pure functions: no Leptos, no browser.

/// Luhn check over ASCII digits.
pub fn luhn(digits: &str) -> bool {
    let mut sum = 0;
    for (i, b) in digits.bytes().rev().enumerate() {
        if !b.is_ascii_digit() {
            return false;
        }
        let mut d = (b - b'0') as u32;
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    !digits.is_empty() && sum % 10 == 0
}

/// Digits of a typed card number, grouped by four.
pub fn group(typed: &str) -> String {
    let digits: String = typed.chars().filter(char::is_ascii_digit).take(19).collect();
    digits.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(" ")
}

pub fn pan_ok(typed: &str) -> bool {
    let digits: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    (12..=19).contains(&digits.len()) && luhn(&digits)
}

/// Month 1–12 and a year (2 or 4 digits) that is not before `now_year`/`now_month`.
pub fn expiry_ok(month: &str, year: &str, now_year: i64, now_month: i64) -> bool {
    let (Ok(m), Ok(y)) = (month.trim().parse::<i64>(), year.trim().parse::<i64>()) else {
        return false;
    };
    let y = if y < 100 { 2000 + y } else { y };
    (1..=12).contains(&m) && (2020..=2099).contains(&y) && (y, m) >= (now_year, now_month)
}

/// Latin (ASCII) and Cyrillic letters, digits, whitespace, `-`, `.`, apostrophes; 1–255.
pub fn holder_ok(name: &str) -> bool {
    let n = name.trim().chars().count();
    (1..=255).contains(&n) && name.chars().all(holder_char)
}

/// A character the card-holder rule allows: ASCII Latin letters and digits, Cyrillic letters
/// (Ukrainian Ґ Є І Ї included), whitespace, hyphen, period and apostrophes (`'`, `’`, `ʼ`).
pub fn holder_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || (('\u{0400}'..='\u{04FF}').contains(&c) && c.is_alphabetic())
        || c.is_whitespace()
        || matches!(c, '-' | '.' | '\'' | '\u{2019}' | '\u{02BC}')
}

pub fn cvv_ok(cvv: &str) -> bool {
    (3..=4).contains(&cvv.len()) && cvv.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert_eq!(group("4242424242424242"), "4242 4242 4242 4242");
        assert_eq!(group("4242-42 42"), "4242 4242");
        assert!(pan_ok("4242 4242 4242 4242") && !pan_ok("4242 4242 4242 4241"));
        assert!(expiry_ok("12", "30", 2026, 11) && expiry_ok("11", "2026", 2026, 11));
        assert!(!expiry_ok("10", "2026", 2026, 11) && !expiry_ok("13", "30", 2026, 1));
        assert!(holder_ok("Іван Петренко") && !holder_ok("José") && !holder_ok(" "));
        assert!(cvv_ok("123") && cvv_ok("1234") && !cvv_ok("12") && !cvv_ok("12a"));
    }
}
