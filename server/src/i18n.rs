//! Localization of the pages: Fluent bundles for every language in `locales/`, the language
//! choice of decisions.md §7, and amounts in major units as each language writes them.

use std::collections::HashMap;
use std::sync::Arc;

use app::i18n::{Arg, I18n, Translate};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
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
];

/// Texts of the consoles, in their languages (other page languages fall back to English).
pub const CONSOLE_TEXTS: &[(&str, &str)] =
    &[("en", include_str!("../../locales/en/console.ftl")), ("ru", include_str!("../../locales/ru/console.ftl"))];

pub fn is_supported(code: &str) -> bool {
    LANGUAGES.iter().any(|(c, _, _)| *c == code)
}

/// Every language's bundle, built once at start-up.
pub struct Locales {
    bundles: HashMap<&'static str, Arc<FluentBundle<FluentResource>>>,
}

impl Default for Locales {
    fn default() -> Self {
        Self::load()
    }
}

impl Locales {
    pub fn load() -> Self {
        let mut bundles = HashMap::new();
        for (code, _, source) in LANGUAGES {
            let resource = FluentResource::try_new(source.to_string())
                .unwrap_or_else(|(_, errors)| panic!("locales/{code}/main.ftl does not parse: {errors:?}"));
            let lang: LanguageIdentifier = code.parse().expect("language code");
            let mut bundle = FluentBundle::new_concurrent(vec![lang]);
            // No Unicode isolation marks around arguments: amounts are copied from the page.
            bundle.set_use_isolating(false);
            bundle.add_resource(resource).expect("no duplicate message ids");
            if let Some((_, console)) = CONSOLE_TEXTS.iter().find(|(c, _)| c == code) {
                let console = FluentResource::try_new(console.to_string())
                    .unwrap_or_else(|(_, errors)| panic!("locales/{code}/console.ftl does not parse: {errors:?}"));
                bundle.add_resource(console).expect("console message ids differ from the page's");
            }
            bundles.insert(*code, Arc::new(bundle));
        }
        Locales { bundles }
    }

    /// The translator of `lang` (falling back to English per message).
    pub fn i18n(&self, lang: &str) -> I18n {
        let primary = self.bundles.get(lang).or_else(|| self.bundles.get("en")).expect("en bundle").clone();
        let fallback = self.bundles.get("en").expect("en bundle").clone();
        I18n(Arc::new(Translator { primary, fallback }))
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
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

struct Translator {
    primary: Arc<FluentBundle<FluentResource>>,
    fallback: Arc<FluentBundle<FluentResource>>,
}

impl Translate for Translator {
    fn text(&self, key: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.clone())),
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        for bundle in [&self.primary, &self.fallback] {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
                if errors.is_empty() {
                    return text.into_owned();
                }
                tracing::warn!(key, ?errors, "fluent message formatting failed");
            }
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

/// An amount in major units as `lang` writes it: (`1 500,00 RUB`, `1500,00`) — the display
/// text and what a user types into a banking app.
pub fn format_amount(minor: i64, currency: Currency, lang: &str) -> (String, String) {
    let (group, decimal) = match lang {
        "ru" | "kk" | "uz" | "ky" | "az" => ('\u{a0}', ','),
        "es" => ('.', ','),
        _ => (',', '.'),
    };
    let plain = currency.format_major(minor);
    let (int, frac) = match plain.split_once('.') {
        Some((i, f)) => (i.to_string(), Some(f.to_string())),
        None => (plain.clone(), None),
    };
    let digits: Vec<char> = int.chars().collect();
    let mut grouped = String::new();
    for (i, c) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) && c.is_ascii_digit() {
            grouped.push(group);
        }
        grouped.push(*c);
    }
    let with_frac = |int: &str| match &frac {
        Some(f) => format!("{int}{decimal}{f}"),
        None => int.to_string(),
    };
    (format!("{}\u{a0}{}", with_frac(&grouped), currency.code), with_frac(&int))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

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
        assert_eq!(choose_language(None, Some("fr"), Some("kk"), None), "kk");
        assert_eq!(choose_language(None, None, None, Some("fr-CH, ko;q=0.8, ru;q=0.9")), "ru");
        assert_eq!(choose_language(None, None, None, Some("fr")), "en");
    }

    #[test]
    fn amounts_in_major_units() {
        let rub = Currency::parse("RUB").unwrap();
        assert_eq!(format_amount(150000, rub, "en"), ("1,500.00\u{a0}RUB".into(), "1500.00".into()));
        assert_eq!(format_amount(150000, rub, "ru"), ("1\u{a0}500,00\u{a0}RUB".into(), "1500,00".into()));
        assert_eq!(format_amount(123456789, rub, "es").0, "1.234.567,89\u{a0}RUB");
        let krw = Currency::parse("KRW").unwrap();
        assert_eq!(format_amount(15000, krw, "ko"), ("15,000\u{a0}KRW".into(), "15000".into()));
        assert_eq!(format_amount(5, rub, "en").0, "0.05\u{a0}RUB");
    }
}
