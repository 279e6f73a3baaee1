//! Amounts: integer minor units shown in major units with the currency's digits, grouped the
//! way a language writes numbers. No floating point anywhere.

/// How a language writes numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberStyle {
    /// Between groups of three digits (`,` in English, a no-break space in Russian).
    pub group: char,
    /// Before the fraction.
    pub decimal: char,
}

impl NumberStyle {
    pub const EN: NumberStyle = NumberStyle { group: ',', decimal: '.' };
}

/// `minor` in major units with `digits` fractional digits, without grouping: `150000`, 2 →
/// `1500.00`; `-5`, 2 → `-0.05`; `15000`, 0 → `15000`.
pub fn major_units(minor: i64, digits: u8) -> String {
    if digits == 0 {
        return minor.to_string();
    }
    let scale = 10u64.pow(digits as u32);
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    format!("{sign}{}.{:0width$}", abs / scale, abs % scale, width = digits as usize)
}

/// Inserts `group` between groups of three digits of an integer part (`1500000` →
/// `1,500,000`); a leading sign stays in front.
pub fn group_digits(int: &str, group: char) -> String {
    let (sign, digits) = match int.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", int),
    };
    let mut out = String::with_capacity(int.len() + int.len() / 3 + 1);
    out.push_str(sign);
    let n = digits.chars().count();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            out.push(group);
        }
        out.push(c);
    }
    out
}

/// `minor` in major units, grouped and with the decimal mark of `style`: (`1 500,00`, `1500,00`)
/// — as read on the page, and as typed into a banking app (no grouping).
pub fn format(minor: i64, digits: u8, style: NumberStyle) -> (String, String) {
    let plain = major_units(minor, digits);
    let (int, frac) = match plain.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (plain.as_str(), None),
    };
    let join = |int: &str| match frac {
        Some(f) => format!("{int}{}{f}", style.decimal),
        None => int.to_string(),
    };
    (join(&group_digits(int, style.group)), join(int))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn major_units_use_the_currency_digits() {
        assert_eq!(major_units(150000, 2), "1500.00");
        assert_eq!(major_units(5, 2), "0.05");
        assert_eq!(major_units(-5, 2), "-0.05");
        assert_eq!(major_units(15000, 0), "15000");
        assert_eq!(major_units(i64::MIN, 2), "-92233720368547758.08");
    }

    #[test]
    fn grouping_follows_the_style() {
        assert_eq!(group_digits("1500000", ','), "1,500,000");
        assert_eq!(group_digits("150", ','), "150");
        assert_eq!(group_digits("-1500", ' '), "-1 500");
        let ru = NumberStyle { group: '\u{a0}', decimal: ',' };
        assert_eq!(format(150000, 2, ru), ("1\u{a0}500,00".to_string(), "1500,00".to_string()));
        assert_eq!(format(123456789, 2, NumberStyle { group: '.', decimal: ',' }).0, "1.234.567,89");
        assert_eq!(format(15000, 0, NumberStyle::EN), ("15,000".to_string(), "15000".to_string()));
    }
}
