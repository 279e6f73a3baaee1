//! The shape rules of request fields, each written once: [`Check`](super::field::Check) applies
//! them to requests and [`super::openapi`] writes them into the OpenAPI document, so what the
//! document promises and what the server accepts cannot drift apart. What depends on the
//! country, the method or the project is the domain's; the document lists those rules in each
//! operation's description, from the catalogue.

/// One request field's rule.
#[derive(Clone, Copy, Debug)]
pub struct FieldRule {
    /// The field as errors name it (`payment.currency`).
    pub field: &'static str,
    /// Refused when absent or `null`.
    pub required: bool,
    pub kind: Kind,
    /// The values the catalogue knows, listed in the document; the domain checks them.
    pub values: Option<Values>,
    /// JSON Schema keywords (JSON text) for what a rule's test decides that a `pattern` cannot
    /// say exactly: a `format`, or a pattern every accepted value matches.
    pub schema: &'static [(&'static str, &'static str)],
    /// `schema` alone says every accepted value, its length included (an IP address's
    /// formats): the document then gives no length or NUL pattern beside it, which would only
    /// send generators after values of lengths no such format has.
    pub schema_says_all: bool,
}

#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A string of `min` to `max` characters.
    Text {
        min: usize,
        max: usize,
        pattern: Option<Pattern>,
    },
    Integer {
        min: i64,
        max: i64,
    },
    /// A block (a JSON object).
    Object,
}

/// A rule on a string's characters.
#[derive(Clone, Copy)]
pub struct Pattern {
    pub test: fn(&str) -> bool,
    pub says: Says,
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.says)
    }
}

/// How a pattern rule is told to merchants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Says {
    /// This regular expression says the rule exactly: the document's `pattern`, and errors
    /// quote it (`must match ^[A-Z]{3}$`).
    Regex(&'static str),
    /// A sentence: the error message, and a line of the field's description.
    Sentence(&'static str),
}

/// Value lists that come from the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    Currencies,
    /// H2H methods of payins (`payment.method` of p2p and e-commerce).
    PayinMethods,
    PayoutMethods,
    WidgetMethods,
    /// `payment.lifetime`: the document gives the widest range of any country.
    Lifetimes,
    Fixed(&'static [&'static str]),
}

impl FieldRule {
    /// A string of 1 to `max` characters.
    pub const fn text(field: &'static str, required: bool, max: usize) -> Self {
        FieldRule {
            field,
            required,
            kind: Kind::Text { min: 1, max, pattern: None },
            values: None,
            schema: &[],
            schema_says_all: false,
        }
    }

    /// A string the regular expression `regex` describes exactly; `test` decides it.
    pub const fn regex(
        field: &'static str,
        required: bool,
        max: usize,
        regex: &'static str,
        test: fn(&str) -> bool,
    ) -> Self {
        let pattern = Some(Pattern { test, says: Says::Regex(regex) });
        FieldRule { kind: Kind::Text { min: 1, max, pattern }, ..Self::text(field, required, max) }
    }

    /// A string `test` decides, described by `sentence`.
    pub const fn sentence(
        field: &'static str,
        required: bool,
        max: usize,
        sentence: &'static str,
        test: fn(&str) -> bool,
    ) -> Self {
        let pattern = Some(Pattern { test, says: Says::Sentence(sentence) });
        FieldRule { kind: Kind::Text { min: 1, max, pattern }, ..Self::text(field, required, max) }
    }

    pub const fn integer(field: &'static str, required: bool, min: i64, max: i64) -> Self {
        FieldRule { kind: Kind::Integer { min, max }, ..Self::text(field, required, 0) }
    }

    pub const fn object(field: &'static str, required: bool) -> Self {
        FieldRule { kind: Kind::Object, ..Self::text(field, required, 0) }
    }

    /// The same rule, where an empty string is accepted.
    pub const fn may_be_empty(self) -> Self {
        match self.kind {
            Kind::Text { max, pattern, .. } => FieldRule { kind: Kind::Text { min: 0, max, pattern }, ..self },
            _ => self,
        }
    }

    pub const fn values(self, values: Values) -> Self {
        FieldRule { values: Some(values), ..self }
    }

    pub const fn schema(self, schema: &'static [(&'static str, &'static str)]) -> Self {
        FieldRule { schema, ..self }
    }

    /// Like [`Self::schema`], where those keywords bound the value whole (see `schema_says_all`).
    pub const fn schema_says_all(self, schema: &'static [(&'static str, &'static str)]) -> Self {
        FieldRule { schema, schema_says_all: true, ..self }
    }

    /// The same rule at another place of a request (the same block in another request).
    pub const fn at(self, field: &'static str) -> Self {
        FieldRule { field, ..self }
    }
}

/// A request block's fields with their rules, for the document: a type that lists its fields
/// here is checked against its schema by a test, so a field cannot go undocumented.
pub trait Shaped {
    /// JSON property name and rule, for every property of the type's schema.
    const FIELDS: Fields;
}

/// A block's properties and their rules.
pub type Fields = &'static [(&'static str, &'static FieldRule)];

/// The JSON Schema keywords of a URL the API calls or sends the payer to (its scheme is
/// checked by `rules::check_https_url`).
pub const HTTPS_URL: &[(&str, &str)] = &[("format", "\"uri\""), ("pattern", "\"^https://\"")];

impl FieldRule {
    /// The most characters a string field takes.
    pub const fn max_len(&self) -> usize {
        match self.kind {
            Kind::Text { max, .. } => max,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every rule of every documented request field.
    fn rules() -> Vec<&'static FieldRule> {
        crate::http::api::openapi::shaped().into_iter().flat_map(|(_, fields)| fields.iter().map(|(_, r)| *r)).collect()
    }

    type Test = fn(&str) -> bool;

    fn regex_rules() -> Vec<(&'static str, Test, regex::Regex)> {
        rules()
            .into_iter()
            .filter_map(|r| match r.kind {
                Kind::Text { pattern: Some(Pattern { test, says: Says::Regex(re) }), .. } => {
                    Some((re, test, regex::Regex::new(re).unwrap()))
                }
                _ => None,
            })
            .collect()
    }

    /// The patterns of `schema` keywords: each must hold for every value the rule's test accepts.
    fn schema_patterns() -> Vec<(&'static FieldRule, Test, regex::Regex)> {
        rules()
            .into_iter()
            .filter_map(|r| {
                let (_, json) = r.schema.iter().find(|(k, _)| *k == "pattern")?;
                let Kind::Text { pattern: Some(p), .. } = r.kind else { return None };
                let text: String = serde_json::from_str(json).unwrap();
                Some((r, p.test, regex::Regex::new(&text).unwrap()))
            })
            .collect()
    }

    #[test]
    fn every_rule_names_a_field_and_its_schema_keywords_are_json() {
        for rule in rules() {
            assert!(!rule.field.is_empty());
            for (keyword, value) in rule.schema {
                serde_json::from_str::<serde_json::Value>(value).unwrap_or_else(|e| panic!("{keyword}: {e}"));
            }
        }
        assert!(regex_rules().len() >= 6);
    }

    /// The card-holder rule's schema pattern and the rule agree on every character.
    #[test]
    fn the_holder_pattern_and_the_holder_rule_agree_on_every_character() {
        let (_, test, re) = schema_patterns()
            .into_iter()
            .find(|(r, _, _)| r.field == "card.card_holder")
            .expect("the card holder has a schema pattern");
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let s = c.to_string();
            assert_eq!(test(&s), re.is_match(&s), "U+{:04X}", c as u32);
        }
    }

    /// A rule's regular expression without its anchors (every rule's is anchored at both ends).
    fn unanchored(re: &str) -> &str {
        re.strip_prefix('^').and_then(|r| r.strip_suffix('$')).expect("a rule's regex is anchored")
    }

    /// A regex rule's index, and a string its regular expression describes.
    fn described() -> impl Strategy<Value = (usize, String)> {
        (0..regex_rules().len()).prop_flat_map(|i| {
            (
                Just(i),
                proptest::string::string_regex(unanchored(regex_rules()[i].0)).expect("the rule's regex generates"),
            )
        })
    }

    proptest! {
        /// A string passes a regex rule's test exactly when it matches the regex, and every
        /// string the regex describes passes.
        #[test]
        fn each_regex_rule_is_its_test(i in 0usize..64, s in "\\PC{0,20}") {
            let rules = regex_rules();
            let (text, test, re) = &rules[i % rules.len()];
            prop_assert_eq!(test(&s), re.is_match(&s), "{} on {:?}", text, s);
        }

        #[test]
        fn what_a_rule_regex_describes_passes_its_test((i, s) in described()) {
            let rules = regex_rules();
            let (text, test, _) = &rules[i];
            prop_assert!(test(&s), "{} refuses {:?}", text, s);
        }

        /// Whatever a rule with a schema pattern accepts matches that pattern.
        #[test]
        fn schema_patterns_hold_for_accepted_values(s in "[0-9]{10,20}|\\PC{1,20}") {
            for (rule, test, re) in schema_patterns() {
                if test(&s) {
                    prop_assert!(re.is_match(&s), "{} accepts {:?}", rule.field, s);
                }
            }
        }
    }
}
