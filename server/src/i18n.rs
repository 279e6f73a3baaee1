//! Localization of the pages: Fluent bundles for every language in `locales/`, the language
//! choice of decisions.md §7, and amounts in major units as each language writes them.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use app::i18n::{Arg, I18n, Translate};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use icu_calendar::cal::Gregorian;
use icu_datetime::FixedCalendarDateTimeFormatter;
use icu_datetime::fieldsets;
use icu_datetime::input::{Date, DateTime, Time};
use icu_decimal::DecimalFormatter;
use icu_decimal::input::Decimal;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use unic_langid::LanguageIdentifier;

use crate::domain::catalogue::Currency;

/// Languages of the pages: code and name in that language. `en` is the reference.
pub const LANGUAGES: &[(&str, &str, &str)] = &[
    ("en", "English", include_str!("../../locales/en/main.ftl")),
    ("ru", "Русский", include_str!("../../locales/ru/main.ftl")),
    ("kk", "Қазақша", include_str!("../../locales/kk/main.ftl")),
    ("uz", "Oʻzbekcha", include_str!("../../locales/uz/main.ftl")),
    ("es", "Español", include_str!("../../locales/es/main.ftl")),
    ("ko", "한국어", include_str!("../../locales/ko/main.ftl")),
    ("az", "Azərbaycanca", include_str!("../../locales/az/main.ftl")),
    ("ky", "Кыргызча", include_str!("../../locales/ky/main.ftl")),
    ("sw", "Kiswahili", include_str!("../../locales/sw/main.ftl")),
    ("ha", "Hausa", include_str!("../../locales/ha/main.ftl")),
    ("yo", "Yorùbá", include_str!("../../locales/yo/main.ftl")),
    ("ig", "Igbo", include_str!("../../locales/ig/main.ftl")),
    ("zu", "isiZulu", include_str!("../../locales/zu/main.ftl")),
    ("af", "Afrikaans", include_str!("../../locales/af/main.ftl")),
    ("xh", "isiXhosa", include_str!("../../locales/xh/main.ftl")),
    ("tr", "Türkçe", include_str!("../../locales/tr/main.ftl")),
    ("uk", "Українська", include_str!("../../locales/uk/main.ftl")),
    ("fr", "Français", include_str!("../../locales/fr/main.ftl")),
    ("de", "Deutsch", include_str!("../../locales/de/main.ftl")),
    ("pt", "Português", include_str!("../../locales/pt/main.ftl")),
    ("ar", "العربية", include_str!("../../locales/ar/main.ftl")),
    ("zh", "中文", include_str!("../../locales/zh/main.ftl")),
    ("hi", "हिन्दी", include_str!("../../locales/hi/main.ftl")),
];

/// Texts of the consoles, in their languages (other page languages fall back to English).
pub const CONSOLE_TEXTS: &[(&str, &str)] =
    &[("en", include_str!("../../locales/en/console.ftl")), ("ru", include_str!("../../locales/ru/console.ftl"))];

/// Whether a language is written right to left.
pub fn is_rtl(code: &str) -> bool {
    matches!(code, "ar" | "he" | "fa" | "ur")
}

pub fn is_supported(code: &str) -> bool {
    LANGUAGES.iter().any(|(c, _, _)| *c == code)
}

/// Every language's bundle, built once at start-up.
pub struct Locales {
    /// Each language's translator, with its texts that take no arguments formatted once.
    translators: HashMap<&'static str, I18n>,
    /// Each language's page header and footer, rendered once.
    chrome: HashMap<&'static str, Arc<app::model::PageChrome>>,
}

impl Default for Locales {
    fn default() -> Self {
        Self::load()
    }
}

impl Locales {
    pub fn load() -> Self {
        let mut bundles = HashMap::new();
        // Each language's message ids, read off the resources as they are parsed here.
        let mut ids: HashMap<&str, Vec<String>> = HashMap::new();
        for (code, _, source) in LANGUAGES {
            let resource = FluentResource::try_new(source.to_string())
                .unwrap_or_else(|(_, errors)| panic!("locales/{code}/main.ftl does not parse: {errors:?}"));
            let lang: LanguageIdentifier = code.parse().expect("language code");
            let mut bundle = FluentBundle::new_concurrent(vec![lang]);
            // No Unicode isolation marks around arguments: amounts are copied from the page.
            bundle.set_use_isolating(false);
            ids.entry(code).or_default().extend(ids_in(&resource));
            bundle.add_resource(resource).expect("no duplicate message ids");
            if let Some((_, console)) = CONSOLE_TEXTS.iter().find(|(c, _)| c == code) {
                let console = FluentResource::try_new(console.to_string())
                    .unwrap_or_else(|(_, errors)| panic!("locales/{code}/console.ftl does not parse: {errors:?}"));
                ids.entry(code).or_default().extend(ids_in(&console));
                bundle.add_resource(console).expect("console message ids differ from the page's");
            }
            bundles.insert(*code, Arc::new(bundle));
        }
        let english = bundles.get("en").expect("en bundle").clone();
        let translators = LANGUAGES
            .iter()
            .map(|(code, _, _)| {
                let primary = bundles[code].clone();
                let translator = Translator::new(primary, english.clone(), ids[code].iter().chain(&ids["en"]));
                (*code, I18n(Arc::new(translator)))
            })
            .collect();
        let mut locales = Locales { translators, chrome: HashMap::new() };
        let menu: Vec<(&str, &str)> = LANGUAGES.iter().map(|(code, name, _)| (*code, *name)).collect();
        for (code, _, _) in LANGUAGES {
            let chrome = app::document::render_chrome(locales.i18n(code), code, &menu);
            locales.chrome.insert(*code, Arc::new(chrome));
        }
        locales
    }

    /// The page header and footer of `lang` (English for a language not served).
    pub fn chrome(&self, lang: &str) -> Arc<app::model::PageChrome> {
        self.chrome.get(lang).or_else(|| self.chrome.get("en")).expect("en chrome").clone()
    }

    /// The translator of `lang` (falling back to English per message).
    pub fn i18n(&self, lang: &str) -> I18n {
        self.translators.get(lang).or_else(|| self.translators.get("en")).expect("en translator").clone()
    }

    /// Message ids of a language (for completeness checks).
    pub fn keys(&self, lang: &str) -> Vec<String> {
        let source = LANGUAGES.iter().find(|(c, _, _)| *c == lang).map(|(_, _, s)| *s).unwrap_or_default();
        message_ids(source)
    }
}

/// Message ids of the consoles' texts in a language.
pub fn console_keys(lang: &str) -> Vec<String> {
    CONSOLE_TEXTS.iter().find(|(c, _)| *c == lang).map(|(_, s)| message_ids(s)).unwrap_or_default()
}

fn message_ids(source: &str) -> Vec<String> {
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
    ids_in(&resource).collect()
}

fn ids_in(resource: &FluentResource) -> impl Iterator<Item = String> + '_ {
    resource.entries().filter_map(|e| match e {
        fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
        _ => None,
    })
}

/// The variables each message of a locale uses (`$amount`…), for the placeholder check.
#[cfg(test)]
fn message_variables(source: &str) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    fn pattern(p: &Pattern<&str>, out: &mut std::collections::BTreeSet<String>) {
        for e in &p.elements {
            if let PatternElement::Placeable { expression } = e {
                expr(expression, out);
            }
        }
    }
    fn expr(e: &Expression<&str>, out: &mut std::collections::BTreeSet<String>) {
        match e {
            Expression::Inline(i) => inline(i, out),
            Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    pattern(&v.value, out);
                }
            }
        }
    }
    fn inline(i: &InlineExpression<&str>, out: &mut std::collections::BTreeSet<String>) {
        match i {
            InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(r, _)| r);
    resource
        .body
        .iter()
        .filter_map(|e| match e {
            Entry::Message(m) => {
                let mut vars = std::collections::BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern(p, &mut vars);
                }
                Some((m.id.name.to_string(), vars))
            }
            _ => None,
        })
        .collect()
}

struct Translator {
    primary: Arc<FluentBundle<FluentResource>>,
    fallback: Arc<FluentBundle<FluentResource>>,
    /// The text of every message that takes no arguments, as [`Translator::format`] gives it:
    /// most of a page's texts, formatted once instead of on every view.
    fixed: HashMap<String, String>,
}

impl Translator {
    /// `ids`: the messages to format once (the language's and English's).
    fn new<'a>(
        primary: Arc<FluentBundle<FluentResource>>,
        fallback: Arc<FluentBundle<FluentResource>>,
        ids: impl Iterator<Item = &'a String>,
    ) -> Self {
        let mut translator = Translator { primary, fallback, fixed: HashMap::new() };
        let mut fixed = HashMap::new();
        for id in ids {
            if let Some(text) = translator.format(id, &FluentArgs::new(), false) {
                fixed.insert(id.clone(), text);
            }
        }
        translator.fixed = fixed;
        translator
    }

    /// The first of the page's language and English that formats `key` without an error.
    fn format(&self, key: &str, args: &FluentArgs, log: bool) -> Option<String> {
        for bundle in [&self.primary, &self.fallback] {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(args), &mut errors);
                if errors.is_empty() {
                    return Some(text.into_owned());
                }
                if log {
                    tracing::warn!(key, ?errors, "fluent message formatting failed");
                }
            }
        }
        None
    }
}

impl Translate for Translator {
    fn text(&self, key: &str, args: &[(&str, Arg)]) -> String {
        if args.is_empty()
            && let Some(text) = self.fixed.get(key)
        {
            return text.clone();
        }
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.clone())),
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        if let Some(text) = self.format(key, &fluent_args, true) {
            return text;
        }
        tracing::warn!(key, "missing translation");
        key.to_string()
    }
}

/// The page language (decisions.md §7): `?lang=`, then `customer.language`, then the country's
/// default, then `Accept-Language`, then English. Only supported languages count.
pub fn choose_language(
    query: Option<&str>,
    customer: Option<&str>,
    country_default: Option<&str>,
    accept: Option<&str>,
) -> &'static str {
    let supported = |c: &str| LANGUAGES.iter().map(|(code, _, _)| *code).find(|code| *code == c);
    if let Some(l) = [query, customer, country_default].into_iter().flatten().find_map(supported) {
        return l;
    }
    if let Some(accept) = accept {
        let mut ranked: Vec<(f32, &str)> = accept
            .split(',')
            .filter_map(|part| {
                let mut pieces = part.trim().split(';');
                let tag = pieces.next()?.trim();
                let q = pieces.find_map(|p| p.trim().strip_prefix("q=")).and_then(|q| q.parse().ok()).unwrap_or(1.0);
                Some((q, tag))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
        if let Some(l) =
            ranked.iter().find_map(|(_, tag)| supported(&tag.split('-').next().unwrap_or("").to_ascii_lowercase()))
        {
            return l;
        }
    }
    "en"
}

/// A phone number as people read it (`+7 900 123-45-67`, `+254 712 345 678`); numbers of
/// other shapes are shown as given.
pub fn format_phone(value: &str) -> String {
    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
    let plus = value.trim_start().starts_with('+');
    let group = |country: &str, rest: &str, sizes: &[usize], seps: &[&str]| {
        let mut out = format!("+{country}");
        let mut at = 0;
        for (i, size) in sizes.iter().enumerate() {
            out.push_str(seps[i]);
            out.push_str(&rest[at..at + size]);
            at += size;
        }
        out
    };
    match digits.len() {
        11 if digits.starts_with('7') && (plus || value.trim_start().starts_with('7')) => {
            group("7", &digits[1..], &[3, 3, 2, 2], &[" ", " ", "-", "-"])
        }
        12 if digits.starts_with("998") => group("998", &digits[3..], &[2, 3, 2, 2], &[" ", " ", " ", " "]),
        12 if digits.starts_with("254") => group("254", &digits[3..], &[3, 3, 3], &[" ", " ", " "]),
        13 if digits.starts_with("234") => group("234", &digits[3..], &[3, 3, 4], &[" ", " ", " "]),
        _ => value.to_string(),
    }
}

/// A phone number with its middle digits hidden, for saying where a request went.
pub fn mask_phone(value: &str) -> String {
    let shown = format_phone(value);
    let total = shown.chars().filter(char::is_ascii_digit).count();
    let mut seen = 0;
    shown
        .chars()
        .map(|c| {
            if !c.is_ascii_digit() {
                return c;
            }
            seen += 1;
            if seen <= 4 || seen > total.saturating_sub(3) { c } else { '•' }
        })
        .collect()
}

/// The UTC civil date of a moment: (year, month, day, seconds into the day).
pub fn civil_utc(ms: i64) -> (i64, i64, i64, i64) {
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since the epoch (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d, rem)
}

/// A moment as `lang` writes a date and time (CLDR's medium date with hours and minutes,
/// Gregorian, through ICU4X), in UTC and saying so (a payer's record).
pub fn format_date_time(ms: i64, lang: &str) -> String {
    let (y, m, d, rem) = civil_utc(ms);
    let iso = || format!("{y}-{m:02}-{d:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60);
    let date = i32::try_from(y).ok().and_then(|y| Date::try_new_gregorian(y, m as u8, d as u8).ok());
    let time = Time::try_new((rem / 3600) as u8, (rem % 3600 / 60) as u8, 0, 0).ok();
    match (date, time) {
        (Some(date), Some(time)) => format!("{} UTC", date_formatter(lang).format(&DateTime { date, time })),
        _ => iso(),
    }
}

type DateFormatter = FixedCalendarDateTimeFormatter<Gregorian, fieldsets::YMDT>;

/// A language's date-and-time formatter, made once per shipped language.
fn date_formatter(lang: &str) -> &'static DateFormatter {
    static ALL: OnceLock<HashMap<&'static str, DateFormatter>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        LANGUAGES
            .iter()
            .map(|(code, _, _)| {
                let locale: icu_locale_core::Locale = code.parse().expect("a shipped language is a locale");
                let formatter = DateFormatter::try_new((&locale).into(), fieldsets::YMD::medium().with_time_hm())
                    .expect("compiled data has every locale");
                (*code, formatter)
            })
            .collect()
    });
    all.get(lang).or_else(|| all.get("en")).expect("English is shipped")
}

/// An amount in major units as `lang` writes it: (`1 500,00 RUB`, `1500,00`) — the display
/// text and what a user types into a banking app (no groups). The number is CLDR's for the
/// language, through ICU4X: its separators and grouping (Indian lakhs in Hindi, none below
/// 10,000 in Spanish), its minus sign before the groups; the currency follows it.
pub fn format_amount(minor: i64, currency: Currency, lang: &str) -> (String, String) {
    let (grouped, plain) = number_formatters(lang);
    let mut value = Decimal::from(minor);
    value.multiply_pow10(-i16::from(currency.digits));
    let shown = grouped.format(&value).to_string();
    let display = match currency_sign(currency.code, lang) {
        // Korean writes the won straight after the number.
        Some("원") => format!("{shown}원"),
        Some(sign) => format!("{shown}\u{a0}{sign}"),
        None => format!("{shown}\u{a0}{}", currency.code),
    };
    (display, plain.format(&value).to_string())
}

/// A count as `lang` writes it, grouped (`233,000`, `2 33 000` in Hindi, `233 000` in Russian).
pub fn format_count(n: i64, lang: &str) -> String {
    number_formatters(lang).0.format(&Decimal::from(n)).to_string()
}

/// A language's number formatters, grouped (to read) and plain (to type), made once per
/// shipped language from ICU4X's compiled data; an unknown language gets English's.
fn number_formatters(lang: &str) -> &'static (DecimalFormatter, DecimalFormatter) {
    static ALL: OnceLock<HashMap<&'static str, (DecimalFormatter, DecimalFormatter)>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        LANGUAGES
            .iter()
            .map(|(code, _, _)| {
                let locale: icu_locale_core::Locale = code.parse().expect("a shipped language is a locale");
                let make = |grouping: GroupingStrategy| {
                    DecimalFormatter::try_new((&locale).into(), DecimalFormatterOptions::from(grouping))
                        .expect("compiled data has every locale")
                };
                (*code, (make(GroupingStrategy::Auto), make(GroupingStrategy::Never)))
            })
            .collect()
    });
    all.get(lang).or_else(|| all.get("en")).expect("English is shipped")
}

/// How `lang` writes a currency it knows as its own or a neighbour's (₽, ₸, soʻm…); other
/// currencies keep their ISO code, which every payer can read.
fn currency_sign(code: &str, lang: &str) -> Option<&'static str> {
    Some(match (code, lang) {
        ("RUB", "ru" | "kk" | "ky" | "uz" | "az") => "₽",
        ("KZT", "ru" | "kk" | "ky") => "₸",
        ("UZS", "uz") => "soʻm",
        ("UZS", "ru" | "kk" | "ky") => "сум",
        ("KGS", "ru" | "ky") => "сом",
        ("AZN", "az" | "ru") => "₼",
        ("KRW", "ko") => "원",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn amounts_keep_the_sign_before_the_groups_and_group_as_the_language_does() {
        let rub = Currency::parse("RUB").unwrap();
        let inr = Currency::parse("INR").or(Currency::parse("KES")).unwrap();
        assert_eq!(format_amount(-130_000, rub, "en").0, "-1,300.00\u{a0}RUB");
        assert_eq!(format_amount(-80_000, rub, "ru").0, "-800,00\u{a0}₽");
        assert_eq!(format_amount(-30_000, rub, "en").0, "-300.00\u{a0}RUB");
        assert_eq!(format_amount(-5, rub, "en").0, "-0.05\u{a0}RUB");
        assert_eq!(format_amount(123_456_789, rub, "ru").0, "1\u{a0}234\u{a0}567,89\u{a0}₽");
        assert_eq!(format_amount(123_456_789, inr, "hi").0.split('\u{a0}').next(), Some("12,34,567.89"));
        assert_eq!(format_amount(12_345, inr, "hi").0.split('\u{a0}').next(), Some("123.45"));
        assert_eq!(format_amount(100_000, inr, "hi").0.split('\u{a0}').next(), Some("1,000.00"));
        assert_eq!(format_amount(i64::MIN, rub, "en").0.chars().next(), Some('-'));
        // CLDR's own choices: Spanish groups from 10,000 on, French with a narrow space,
        // Arabic marks the minus left-to-right; what is typed into a bank has no groups.
        let eur = Currency::parse("EUR").unwrap_or(rub);
        assert_eq!(format_amount(150_000, eur, "es").0.split('\u{a0}').next(), Some("1500,00"));
        assert_eq!(format_amount(1_500_000, eur, "es").0.split('\u{a0}').next(), Some("15.000,00"));
        assert_eq!(format_amount(150_000, rub, "fr").0, "1\u{202f}500,00\u{a0}RUB");
        assert_eq!(format_amount(-150_000, rub, "ar").0, "\u{200e}-1,500.00\u{a0}RUB");
        assert_eq!(format_amount(123_456_789, rub, "ru").1, "1234567,89");
        assert_eq!(format_amount(150_000, Currency::parse("KRW").unwrap(), "ko").0, "150,000원");
    }

    #[test]
    fn counts_are_grouped_as_the_language_groups_them() {
        assert_eq!(format_count(233_000, "en"), "233,000");
        assert_eq!(format_count(1_234_567, "hi"), "12,34,567");
        assert_eq!(format_count(233_000, "ru"), "233\u{a0}000");
        assert_eq!(format_count(7, "ru"), "7");
    }

    #[test]
    fn dates_are_written_as_each_language_writes_them_in_utc() {
        // 2026-11-27 09:05 UTC.
        let ms = 1_795_770_300_000;
        for (lang, _, _) in LANGUAGES {
            let shown = format_date_time(ms, lang);
            assert!(shown.ends_with(" UTC") && shown.contains("2026"), "{lang}: {shown}");
            assert!(shown.contains("09:05") || shown.contains("9:05"), "{lang}: {shown}");
        }
        assert_eq!(format_date_time(ms, "en"), "Nov 27, 2026, 9:05\u{202f}AM UTC");
        assert!(format_date_time(ms, "ru").starts_with("27 нояб. 2026"), "{}", format_date_time(ms, "ru"));
        assert!(format_date_time(ms, "de").starts_with("27.11.2026"), "{}", format_date_time(ms, "de"));
    }

    /// Every currency in every shipped language: the sign before the number, the minor digits
    /// the currency has after the language's decimal separator, the currency after it, and
    /// the typed form the same number without groups.
    #[test]
    fn every_currency_in_every_language_keeps_its_digits_sign_and_code() {
        for (lang, _, _) in LANGUAGES {
            for currency in crate::domain::catalogue::CURRENCIES {
                let (shown, typed) = format_amount(-123_456_789, *currency, lang);
                let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
                assert_eq!(digits, "123456789", "{lang} {}: {shown}", currency.code);
                assert!(shown.trim_start_matches('\u{200e}').starts_with('-'), "{lang} {}: {shown}", currency.code);
                let decimals = usize::from(currency.digits);
                if decimals > 0 {
                    let tail: String =
                        typed.chars().rev().take(decimals + 1).collect::<Vec<_>>().into_iter().rev().collect();
                    assert!(
                        tail.starts_with([',', '.']) && tail[1..].chars().all(|c| c.is_ascii_digit()),
                        "{lang} {}: {typed}",
                        currency.code
                    );
                }
                assert!(
                    typed.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | ',' | '.' | '\u{200e}')),
                    "{lang}: {typed}"
                );
                let sign = currency_sign(currency.code, lang).unwrap_or(currency.code);
                assert!(shown.ends_with(sign), "{lang} {}: {shown}", currency.code);
            }
        }
    }

    #[test]
    fn texts_without_arguments_are_formatted_once_and_the_others_on_each_call() {
        let locales = Locales::load();
        let i18n = locales.i18n("de");
        assert_eq!(i18n.0.text("brand", &[]), "Kassa");
        let title = i18n.0.text("page-title", &[("amount", Arg::Text("1 500,00 ₽".into()))]);
        assert!(title.contains("1 500,00 ₽"), "{title}");
        // A message only English has falls back per message, formatted once or not.
        let translator = Translator::new(
            Arc::new(bundle("de", "brand = Kasse\n")),
            Arc::new(bundle("en", "brand = Kassa\nonly-en = Only\npage-title = Payment of { $amount }\n")),
            [].iter(),
        );
        assert!(translator.fixed.is_empty());
        let ids = ["brand".to_string(), "only-en".to_string(), "page-title".to_string()];
        let translator = Translator::new(translator.primary, translator.fallback, ids.iter());
        assert_eq!(translator.text("brand", &[]), "Kasse");
        assert_eq!(translator.text("only-en", &[]), "Only");
        assert_eq!(translator.fixed.get("only-en").map(String::as_str), Some("Only"));
        assert!(!translator.fixed.contains_key("page-title"));
        assert_eq!(translator.text("page-title", &[("amount", Arg::Number(5))]), "Payment of 5");
    }

    fn bundle(lang: &str, source: &str) -> FluentBundle<FluentResource> {
        let mut bundle = FluentBundle::new_concurrent(vec![lang.parse().unwrap()]);
        bundle.set_use_isolating(false);
        bundle.add_resource(FluentResource::try_new(source.to_string()).unwrap()).unwrap();
        bundle
    }

    #[test]
    fn the_header_rendered_once_is_the_header_rendered_per_page() {
        let locales = Locales::load();
        let path = "/pay/0123456789abcdef0123456789abcdef01234567";
        for (lang, _, _) in LANGUAGES {
            let links = LANGUAGES
                .iter()
                .map(|(code, name, _)| app::model::LanguageLink {
                    code: code.to_string(),
                    name: name.to_string(),
                    href: format!("{path}?lang={code}"),
                })
                .collect();
            let direct = app::document::render_header(locales.i18n(lang), lang, links);
            let once = locales.chrome(lang).header(path);
            assert_eq!(once, direct, "{lang}");
            assert_eq!(once.matches(&format!("href=\"{path}?lang=")).count(), LANGUAGES.len(), "{lang}");
        }
        // A path is an attribute value: nothing in it ends the attribute.
        assert!(locales.chrome("en").header("/x\"y").contains("href=\"/x&quot;y?lang=en\""));
    }

    #[test]
    fn phones_are_grouped_and_masked() {
        assert_eq!(format_phone("+79001234567"), "+7 900 123-45-67");
        assert_eq!(format_phone("79001234567"), "+7 900 123-45-67");
        assert_eq!(format_phone("254712345678"), "+254 712 345 678");
        assert_eq!(format_phone("+998901234567"), "+998 90 123 45 67");
        assert_eq!(format_phone("2348031234567"), "+234 803 123 4567");
        assert_eq!(format_phone("12345"), "12345");
        assert_eq!(mask_phone("254712345678"), "+254 7•• ••• 678");
    }

    #[test]
    fn every_locale_has_exactly_the_keys_of_english() {
        let locales = Locales::load();
        let en: BTreeSet<String> = locales.keys("en").into_iter().collect();
        assert!(en.len() > 100);
        for (code, _, _) in LANGUAGES {
            let keys: BTreeSet<String> = locales.keys(code).into_iter().collect();
            let missing: Vec<_> = en.difference(&keys).collect();
            let extra: Vec<_> = keys.difference(&en).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{code}: missing {missing:?}, extra {extra:?}");
        }
    }

    /// Every message of every locale uses exactly the variables of its English message (a
    /// missing `{ $amount }` would hide the amount; an extra one would show a raw name).
    #[test]
    fn every_locale_uses_the_placeholders_of_english() {
        let en = message_variables(LANGUAGES[0].2);
        assert!(en.values().any(|v| v.contains("amount")));
        let mut wrong = Vec::new();
        for (code, _, source) in LANGUAGES {
            for (id, vars) in message_variables(source) {
                if en.get(&id).is_some_and(|e| *e != vars) {
                    wrong.push(format!("{code}/{id}: {vars:?} vs en {:?}", en[&id]));
                }
            }
        }
        for (code, source) in CONSOLE_TEXTS {
            let en = message_variables(CONSOLE_TEXTS[0].1);
            for (id, vars) in message_variables(source) {
                if en.get(&id).is_some_and(|e| *e != vars) {
                    wrong.push(format!("console {code}/{id}: {vars:?} vs en {:?}", en[&id]));
                }
            }
        }
        assert!(wrong.is_empty(), "placeholders differ:\n{}", wrong.join("\n"));
    }

    /// The consoles' texts exist in each console language with the same keys as English.
    #[test]
    fn every_console_language_has_exactly_the_keys_of_english() {
        let en: BTreeSet<String> = console_keys("en").into_iter().collect();
        assert!(en.len() > 80);
        for (code, _) in CONSOLE_TEXTS {
            let keys: BTreeSet<String> = console_keys(code).into_iter().collect();
            let missing: Vec<_> = en.difference(&keys).collect();
            let extra: Vec<_> = keys.difference(&en).collect();
            assert!(missing.is_empty() && extra.is_empty(), "console {code}: missing {missing:?}, extra {extra:?}");
        }
    }

    /// Every key the code looks up exists in English (and so, by the tests above, everywhere).
    #[test]
    fn every_key_used_in_code_exists() {
        let mut en: BTreeSet<String> = Locales::load().keys("en").into_iter().collect();
        en.extend(console_keys("en"));
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut used = BTreeSet::new();
        for dir in ["app/src", "server/src"] {
            collect_keys(&std::path::Path::new(root).join(dir), &mut used);
        }
        assert!(used.len() > 50, "found {} keys", used.len());
        let missing: Vec<_> = used.difference(&en).collect();
        assert!(missing.is_empty(), "keys used in code but missing from locales/en: {missing:?}");
    }

    /// Finds `t("key")`, `t_with("key"` and literals given to `*_key` fields and props, plus the
    /// `method-` key of every widget method.
    fn collect_keys(dir: &std::path::Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                collect_keys(&path, out);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("i18n.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for marker in ["t(\"", "t_with(\"", "ta(\"", "_key: \"", "_key=\""] {
                for (at, _) in text.match_indices(marker) {
                    // A whole word: `t(` but not `corrupt(`.
                    let before = text[..at].chars().next_back();
                    if marker.starts_with('t') && before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let rest = &text[at + marker.len()..];
                    if let Some(key) = rest.split('"').next()
                        && !key.is_empty()
                        && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                    {
                        out.insert(key.to_string());
                    }
                }
            }
        }
        for m in crate::domain::catalogue::WidgetMethod::ALL {
            out.insert(format!("method-{}", m.code()));
        }
    }

    #[test]
    fn messages_format_with_arguments_and_plurals() {
        let locales = Locales::load();
        let en = locales.i18n("en");
        assert_eq!(en.0.text("card-pay", &[("amount", Arg::Text("10.00 RUB".into()))]), "Pay 10.00 RUB");
        assert_eq!(en.0.text("time-left-minutes", &[("minutes", Arg::Number(1))]), "about 1 minute left");
        assert_eq!(en.0.text("time-left-minutes", &[("minutes", Arg::Number(5))]), "about 5 minutes left");
        let ru = locales.i18n("ru");
        assert!(ru.0.text("time-left-minutes", &[("minutes", Arg::Number(5))]).contains("5 минут"));
        assert_eq!(en.0.text("no-such-key", &[]), "no-such-key");
    }

    #[test]
    fn language_choice_follows_decisions() {
        assert_eq!(choose_language(Some("ky"), Some("ru"), Some("kk"), Some("en")), "ky");
        assert_eq!(choose_language(Some("xx"), Some("ru"), Some("kk"), None), "ru");
        assert_eq!(choose_language(None, Some("nl"), Some("kk"), None), "kk");
        assert_eq!(choose_language(None, None, None, Some("nl-BE, ko;q=0.8, ru;q=0.9")), "ru");
        assert_eq!(choose_language(None, None, None, Some("nl")), "en");
        assert_eq!(choose_language(None, None, None, Some("fr-CH, en;q=0.5")), "fr");
        assert_eq!(choose_language(None, Some("ar"), None, None), "ar");
        assert!(LANGUAGES.len() >= 22, "22 languages or more");
    }

    #[test]
    fn amounts_in_major_units() {
        let rub = Currency::parse("RUB").unwrap();
        assert_eq!(format_amount(150000, rub, "en"), ("1,500.00\u{a0}RUB".into(), "1500.00".into()));
        assert_eq!(format_amount(150000, rub, "ru"), ("1\u{a0}500,00\u{a0}₽".into(), "1500,00".into()));
        assert_eq!(format_amount(123456789, rub, "es").0, "1.234.567,89\u{a0}RUB");
        let krw = Currency::parse("KRW").unwrap();
        assert_eq!(format_amount(15000, krw, "ko"), ("15,000원".into(), "15000".into()));
        assert_eq!(format_amount(5, rub, "en").0, "0.05\u{a0}RUB");
    }
}
