//! Card rules (decisions.md §10): a card number is 12 to 19 ASCII digits passing the Luhn
//! check, with no spaces; a card is valid through the end of its expiry month; a CVV is 3 or 4
//! digits; a card holder is 1 to 255 characters of Latin (ASCII) or Cyrillic letters, digits,
//! whitespace, hyphens, periods and apostrophes.

/// Luhn check over ASCII digits; anything else fails.
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

/// A card number as the API takes it: 12 to 19 digits, nothing else, passing Luhn.
pub fn is_card_number(pan: &str) -> bool {
    (12..=19).contains(&pan.len()) && pan.bytes().all(|b| b.is_ascii_digit()) && luhn(pan)
}

/// What a person typed into a card-number field, without the spaces and hyphens people put
/// between groups. Any other character is kept, so it still fails [`is_card_number`].
pub fn strip_separators(typed: &str) -> String {
    typed.chars().filter(|c| !c.is_whitespace() && *c != '-').collect()
}

/// A card number masked for showing: at most the first 6 and the last 4 digits, and never more
/// than half of them (`4242********4242`, `42******4242` for 12 digits); the rest as `*`.
pub fn mask_pan(pan: &str) -> String {
    let chars: Vec<char> = pan.chars().collect();
    let n = chars.len();
    let shown = n / 2;
    let last = 4.min(shown);
    let first = 6.min(shown - last);
    chars.iter().enumerate().map(|(i, c)| if i < first || i >= n - last { *c } else { '*' }).collect()
}

/// A card scheme, told by the number's first digits; it decides grouping and CVV length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Mir,
    Visa,
    Mastercard,
    Maestro,
    Humo,
    Uzcard,
    UnionPay,
    Amex,
    Unknown,
}

impl Scheme {
    /// The scheme of a (possibly partial) card number.
    pub fn detect(digits: &str) -> Scheme {
        let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok());
        let in_range = |n: usize, lo: u32, hi: u32| prefix(n).is_some_and(|p| (lo..=hi).contains(&p));
        if in_range(4, 2200, 2204) {
            Scheme::Mir
        } else if in_range(4, 9860, 9860) {
            Scheme::Humo
        } else if in_range(4, 8600, 8600) || in_range(4, 5614, 5614) {
            Scheme::Uzcard
        } else if in_range(2, 34, 34) || in_range(2, 37, 37) {
            Scheme::Amex
        } else if in_range(2, 62, 62) {
            Scheme::UnionPay
        } else if in_range(2, 51, 55) || in_range(4, 2221, 2720) {
            Scheme::Mastercard
        } else if in_range(2, 50, 50) || in_range(2, 56, 58) || in_range(2, 63, 63) || in_range(2, 67, 67) {
            Scheme::Maestro
        } else if digits.starts_with('4') {
            Scheme::Visa
        } else {
            Scheme::Unknown
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Scheme::Mir => "Mir",
            Scheme::Visa => "Visa",
            Scheme::Mastercard => "Mastercard",
            Scheme::Maestro => "Maestro",
            Scheme::Humo => "Humo",
            Scheme::Uzcard => "Uzcard",
            Scheme::UnionPay => "UnionPay",
            Scheme::Amex => "American Express",
            Scheme::Unknown => "",
        }
    }

    /// Group sizes as the number is printed on the card (Amex 4-6-5, others by four).
    pub fn groups(self) -> &'static [usize] {
        match self {
            Scheme::Amex => &[4, 6, 5],
            _ => &[4, 4, 4, 4, 3],
        }
    }

    /// Lengths the scheme issues.
    pub fn lengths(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Scheme::Amex => 15..=15,
            Scheme::Visa => 13..=19,
            Scheme::Mastercard | Scheme::Humo | Scheme::Uzcard => 16..=16,
            Scheme::Mir | Scheme::UnionPay => 16..=19,
            Scheme::Maestro => 12..=19,
            Scheme::Unknown => 12..=19,
        }
    }

    /// Digits of the card's security code.
    pub fn cvv_length(self) -> usize {
        if self == Scheme::Amex { 4 } else { 3 }
    }
}

/// A typed card number grouped as its scheme prints it (`4242 4242 4242 4242`,
/// `3782 822463 10005`). Keeps at most 19 digits.
pub fn group(typed: &str) -> String {
    let digits: String = typed.chars().filter(char::is_ascii_digit).take(19).collect();
    let mut out = String::with_capacity(digits.len() + 4);
    let mut rest = digits.as_str();
    for size in Scheme::detect(&digits).groups() {
        if rest.is_empty() {
            break;
        }
        let (head, tail) = rest.split_at((*size).min(rest.len()));
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(head);
        rest = tail;
    }
    if !rest.is_empty() {
        out.push(' ');
        out.push_str(rest);
    }
    out
}

/// An expiry typed as one field: `MM/YY`, `MM/YYYY`, `MMYY`, `MM YY` or `MM-YY`.
/// Returns (month, four-digit year) when the shape is right; the values are checked by
/// [`expiry_ok`].
pub fn parse_expiry(typed: &str) -> Option<(i64, i64)> {
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let separated = typed.chars().any(|c| matches!(c, '/' | ' ' | '-' | '.'));
    let (month, year) = if separated {
        let mut parts = typed.split(['/', ' ', '-', '.']).filter(|p| !p.is_empty());
        let (m, y) = (parts.next()?, parts.next()?);
        if parts.next().is_some() || !m.bytes().chain(y.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        (m.to_string(), y.to_string())
    } else if (digits.len() == 4 || digits.len() == 6) && typed.trim().len() == digits.len() {
        (digits[..2].to_string(), digits[2..].to_string())
    } else {
        return None;
    };
    if month.is_empty() || month.len() > 2 || !(year.len() == 2 || year.len() == 4) {
        return None;
    }
    let month: i64 = month.parse().ok()?;
    let year: i64 = year.parse().ok()?;
    Some((month, if year < 100 { 2000 + year } else { year }))
}

/// Why an expiry is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpiryProblem {
    /// Not a month 1–12 and a year 2020–2099.
    Invalid,
    /// Valid, but the card's last month has passed.
    Expired,
}

/// Checks a month and a year (two or four digits) at `now_year`/`now_month`: a card is valid
/// through the end of its expiry month.
pub fn check_expiry(month: i64, year: i64, now_year: i64, now_month: i64) -> Result<(), ExpiryProblem> {
    let year = if (0..100).contains(&year) { 2000 + year } else { year };
    if !(1..=12).contains(&month) || !(2020..=2099).contains(&year) {
        return Err(ExpiryProblem::Invalid);
    }
    if (year, month) < (now_year, now_month) {
        return Err(ExpiryProblem::Expired);
    }
    Ok(())
}

/// Month and year as typed in two fields (the year in two or four digits).
pub fn expiry_ok(month: &str, year: &str, now_year: i64, now_month: i64) -> bool {
    match (month.trim().parse::<i64>(), year.trim().parse::<i64>()) {
        (Ok(m), Ok(y)) => check_expiry(m, y, now_year, now_month).is_ok(),
        _ => false,
    }
}

/// A CVV: 3 or 4 digits.
pub fn is_cvv(cvv: &str) -> bool {
    (3..=4).contains(&cvv.len()) && cvv.bytes().all(|b| b.is_ascii_digit())
}

/// A character the card-holder rule allows: ASCII Latin letters and digits, Cyrillic letters
/// (Ukrainian Ґ Є І Ї included), whitespace, hyphen, period and apostrophes (`'`, `’`, `ʼ`).
pub fn holder_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || (('\u{0400}'..='\u{04FF}').contains(&c) && c.is_alphabetic())
        || c.is_whitespace()
        || matches!(c, '-' | '.' | '\'' | '\u{2019}' | '\u{02BC}')
}

/// The API's card-holder rule: 1 to 255 characters, each one [`holder_char`] allows.
pub fn is_card_holder(name: &str) -> bool {
    (1..=255).contains(&name.chars().count()) && name.chars().all(holder_char)
}

/// A name as printed on a card, typed by a person on the payment page: the API rule, at least
/// one letter, and no digits (a digit there is a typo, usually the card number).
pub fn is_printed_name(name: &str) -> bool {
    let name = name.trim();
    is_card_holder(name) && name.chars().any(char::is_alphabetic) && !name.chars().any(|c| c.is_ascii_digit())
}

// The payment page's card form: one message key per field saying exactly what is wrong. The
// server and the browser's form helper both ask these, so they always agree.

/// What is wrong with a typed card number, if anything.
pub fn pan_problem(typed: &str) -> Option<&'static str> {
    let pan = strip_separators(typed);
    if pan.is_empty() {
        return Some("card-error-number-empty");
    }
    if !pan.bytes().all(|b| b.is_ascii_digit()) {
        return Some("card-error-number");
    }
    if !Scheme::detect(&pan).lengths().contains(&pan.len()) {
        return Some("card-error-number-length");
    }
    (!luhn(&pan)).then_some("card-error-number")
}

/// What is wrong with an expiry typed as one field (`MM/YY`, four-digit years too).
pub fn expiry_problem(typed: &str, now_year: i64, now_month: i64) -> Option<&'static str> {
    if typed.trim().is_empty() {
        return Some("card-error-expiry-empty");
    }
    match parse_expiry(typed).map(|(m, y)| check_expiry(m, y, now_year, now_month)) {
        Some(Ok(())) => None,
        Some(Err(ExpiryProblem::Expired)) => Some("card-error-expired"),
        _ => Some("card-error-expiry"),
    }
}

/// What is wrong with the name typed as printed on the card.
pub fn holder_problem(typed: &str) -> Option<&'static str> {
    let name = typed.trim();
    if name.is_empty() {
        Some("card-error-holder-empty")
    } else if name.chars().any(|c| c.is_ascii_digit()) {
        Some("card-error-holder-digits")
    } else {
        (!is_printed_name(name)).then_some("card-error-holder")
    }
}

/// What is wrong with a security code for the card typed (Amex has 4 digits, others 3; an
/// unknown scheme takes either).
pub fn cvv_problem(cvv: &str, typed_pan: &str) -> Option<&'static str> {
    let cvv = cvv.trim();
    if cvv.is_empty() {
        return Some("card-error-cvv-empty");
    }
    let scheme = Scheme::detect(&strip_separators(typed_pan));
    let ok = is_cvv(cvv) && (scheme == Scheme::Unknown || cvv.len() == scheme.cvv_length());
    match (ok, scheme.cvv_length()) {
        (true, _) => None,
        (false, 4) => Some("card-error-cvv-4"),
        (false, _) if scheme == Scheme::Unknown => Some("card-error-cvv"),
        (false, _) => Some("card-error-cvv-3"),
    }
}

/// Every message key [`pan_problem`], [`expiry_problem`], [`holder_problem`] and
/// [`cvv_problem`] can answer (the page hands their texts to the browser's helper).
pub const CARD_FORM_MESSAGES: &[&str] = &[
    "card-error-number-empty",
    "card-error-number",
    "card-error-number-length",
    "card-error-expiry-empty",
    "card-error-expiry",
    "card-error-expired",
    "card-error-holder-empty",
    "card-error-holder-digits",
    "card-error-holder",
    "card-error-cvv-empty",
    "card-error-cvv",
    "card-error-cvv-3",
    "card-error-cvv-4",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_form_problems_are_specific() {
        assert_eq!(pan_problem(""), Some("card-error-number-empty"));
        assert_eq!(pan_problem("4242 4242 4242 4242"), None);
        assert_eq!(pan_problem("4242 4242 4242 4241"), Some("card-error-number"));
        assert_eq!(pan_problem("3782 822463 1000"), Some("card-error-number-length"), "Amex has 15 digits");
        assert_eq!(pan_problem("3782 822463 10005"), None);
        assert_eq!(pan_problem("4242-abcd"), Some("card-error-number"));
        assert_eq!(expiry_problem(" ", 2026, 11), Some("card-error-expiry-empty"));
        assert_eq!(expiry_problem("12/30", 2026, 11), None);
        assert_eq!(expiry_problem("12/2030", 2026, 11), None);
        assert_eq!(expiry_problem("10/26", 2026, 11), Some("card-error-expired"));
        assert_eq!(expiry_problem("11/26", 2026, 11), None, "valid through its month");
        assert_eq!(expiry_problem("13/30", 2026, 11), Some("card-error-expiry"));
        assert_eq!(expiry_problem("1230x", 2026, 11), Some("card-error-expiry"));
        assert_eq!(holder_problem(""), Some("card-error-holder-empty"));
        assert_eq!(holder_problem("IVAN PETROV 2"), Some("card-error-holder-digits"));
        assert_eq!(holder_problem("IVAN <PETROV>"), Some("card-error-holder"));
        assert_eq!(holder_problem("Иван Петров"), None);
        assert_eq!(cvv_problem("", "4242"), Some("card-error-cvv-empty"));
        assert_eq!(cvv_problem("123", "4242"), None);
        assert_eq!(cvv_problem("1234", "4242"), Some("card-error-cvv-3"));
        assert_eq!(cvv_problem("123", "3782"), Some("card-error-cvv-4"));
        assert_eq!(cvv_problem("1234", "3782"), None);
        assert_eq!(cvv_problem("1234", "9999"), None, "an unknown scheme takes 3 or 4");
        assert_eq!(cvv_problem("12a", "9999"), Some("card-error-cvv"));
    }

    #[test]
    fn luhn_and_card_numbers() {
        assert!(luhn("4242424242424242") && luhn("4000000000003220"));
        assert!(!luhn("4242424242424241") && !luhn("") && !luhn("4242 4242"));
        assert!(is_card_number("4242424242424242"));
        assert!(is_card_number("100000000008"), "12 digits");
        assert!(!is_card_number("10000000009"), "11 digits");
        assert!(is_card_number("1000000000000000009"), "19 digits");
        assert!(!is_card_number("10000000000000000007"), "20 digits");
        assert!(!is_card_number("4242 4242 4242 4242"), "the API takes digits only");
        assert!(is_card_number(&strip_separators("4242 4242-4242 4242")), "the page strips what people type");
        assert!(!is_card_number(&strip_separators("4242 4242 4242 424x")));
    }

    #[test]
    fn masks_show_at_most_half_of_the_digits() {
        assert_eq!(mask_pan("4242424242424242"), "4242********4242");
        assert_eq!(mask_pan("100000000008"), "10******0008");
        assert_eq!(mask_pan("1000000000000000009"), "10000**********0009");
        assert_eq!(mask_pan("4242"), "**42");
        assert_eq!(mask_pan(""), "");
        for n in 1..=19 {
            let pan: String = std::iter::repeat_n('7', n).collect();
            let shown = mask_pan(&pan).chars().filter(|c| *c == '7').count();
            assert!(shown <= n / 2 && shown <= 10, "{n} digits: {shown} shown");
        }
    }

    #[test]
    fn schemes_group_and_size_the_code() {
        assert_eq!(Scheme::detect("2200700123456781"), Scheme::Mir);
        assert_eq!(Scheme::detect("4242424242424242"), Scheme::Visa);
        assert_eq!(Scheme::detect("5555555555554444"), Scheme::Mastercard);
        assert_eq!(Scheme::detect("2221000000000009"), Scheme::Mastercard);
        assert_eq!(Scheme::detect("6759649826438453"), Scheme::Maestro);
        assert_eq!(Scheme::detect("9860123412341234"), Scheme::Humo);
        assert_eq!(Scheme::detect("8600123412341234"), Scheme::Uzcard);
        assert_eq!(Scheme::detect("6200000000000005"), Scheme::UnionPay);
        assert_eq!(Scheme::detect("378282246310005"), Scheme::Amex);
        assert_eq!(Scheme::detect("1"), Scheme::Unknown);
        assert_eq!(group("4242424242424242"), "4242 4242 4242 4242");
        assert_eq!(group("4242-42 42"), "4242 4242");
        assert_eq!(group("378282246310005"), "3782 822463 10005");
        assert_eq!(group("2200700123456781234"), "2200 7001 2345 6781 234");
        assert_eq!(Scheme::Amex.cvv_length(), 4);
        assert_eq!(Scheme::Mir.cvv_length(), 3);
    }

    #[test]
    fn expiry_is_valid_through_the_end_of_its_month() {
        assert_eq!(check_expiry(11, 2026, 2026, 11), Ok(()));
        assert_eq!(check_expiry(11, 26, 2026, 11), Ok(()));
        assert_eq!(check_expiry(10, 2026, 2026, 11), Err(ExpiryProblem::Expired));
        assert_eq!(check_expiry(13, 2030, 2026, 1), Err(ExpiryProblem::Invalid));
        assert_eq!(check_expiry(1, 2100, 2026, 1), Err(ExpiryProblem::Invalid));
        assert!(expiry_ok("12", "30", 2026, 11) && expiry_ok("11", "2026", 2026, 11));
        assert!(!expiry_ok("10", "2026", 2026, 11) && !expiry_ok("x", "2026", 2026, 11));
        assert_eq!(parse_expiry("12/30"), Some((12, 2030)));
        assert_eq!(parse_expiry("1/2031"), Some((1, 2031)));
        assert_eq!(parse_expiry("1230"), Some((12, 2030)));
        assert_eq!(parse_expiry("12 / 30"), Some((12, 2030)));
        assert_eq!(parse_expiry("122030"), Some((12, 2030)));
        assert_eq!(parse_expiry("12/3"), None);
        assert_eq!(parse_expiry("ab/cd"), None);
        assert_eq!(parse_expiry(""), None);
    }

    #[test]
    fn codes_and_names() {
        assert!(is_cvv("123") && is_cvv("1234") && !is_cvv("12") && !is_cvv("12a") && !is_cvv("12345"));
        assert!(is_card_holder("IVAN PETROV") && is_card_holder("Іван Їжак-Ґалущенко") && is_card_holder("Є. О'Ніл"));
        assert!(is_card_holder("Мар’яна Рудьʼко") && is_card_holder("Jean-Luc 2nd"));
        assert!(!is_card_holder("") && !is_card_holder("José") && !is_card_holder("Ivan_Petrov"));
        assert!(!is_card_holder("<script>") && !is_card_holder("李小龍"));
        assert!(is_card_holder(&"A".repeat(255)) && !is_card_holder(&"A".repeat(256)));
        assert!(is_printed_name("IVAN PETROV") && is_printed_name(" Олена "));
        assert!(
            !is_printed_name("Jean-Luc 2nd")
                && !is_printed_name("4242")
                && !is_printed_name("  ")
                && !is_printed_name("-")
        );
    }
}
