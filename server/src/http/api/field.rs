//! `Field<T>`: a request field as received. Parsing never stops at the first wrong field, so
//! validation can name every invalid one at once (decisions.md §4).

use serde::de::{Deserialize, DeserializeOwned, Deserializer};
use serde_json::Value;

use super::shape::{FieldRule, Kind, Says};
use crate::domain::violations::Violations;
use crate::http::shared::error::FieldError;
use crate::secret::Secret;

/// A JSON field: absent, `null`, of the wrong type, or a value of `T`.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Field<T> {
    #[default]
    Absent,
    Null,
    /// Present but not a `T` (wrong type or shape).
    Invalid,
    Value(T),
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        Ok(match value {
            Value::Null => Field::Null,
            // No request field is a list; serde would read a block from one by position.
            Value::Array(_) => Field::Invalid,
            Value::Number(n) => match T::deserialize(Value::Number(n.clone())) {
                Ok(v) => Field::Value(v),
                // `150000.0` is the integer 150000 (JSON Schema's `integer` says so too), when
                // the float holds it exactly.
                Err(_) => match whole_number(&n).map(|i| T::deserialize(Value::from(i))) {
                    Some(Ok(v)) => Field::Value(v),
                    _ => Field::Invalid,
                },
            },
            other => match T::deserialize(other) {
                Ok(v) => Field::Value(v),
                Err(_) => Field::Invalid,
            },
        })
    }
}

/// A float with no fraction, within the range where every integer is exact (±2^53).
fn whole_number(n: &serde_json::Number) -> Option<i64> {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let f = n.as_f64().filter(|_| n.is_f64())?;
    (f.fract() == 0.0 && f.abs() <= EXACT).then_some(f as i64)
}

impl<T> Field<T> {
    pub fn is_present(&self) -> bool {
        !matches!(self, Field::Absent | Field::Null)
    }

    pub fn as_ref(&self) -> Field<&T> {
        match self {
            Field::Absent => Field::Absent,
            Field::Null => Field::Null,
            Field::Invalid => Field::Invalid,
            Field::Value(v) => Field::Value(v),
        }
    }
}

/// Every string field's rule beside its own (the document's `pattern` for fields without one).
pub const NO_NUL: &str = "must not contain the NUL character (U+0000)";

/// Collects field errors while a request is turned into validated values.
#[derive(Debug, Default)]
pub struct Check {
    errors: Vec<FieldError>,
}

impl Check {
    pub fn fail(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.errors.push(FieldError::new(field, message));
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    pub fn has_error_on(&self, field: &str) -> bool {
        self.errors.iter().any(|e| e.field == field)
    }

    pub fn finish(self) -> Result<(), Vec<FieldError>> {
        if self.errors.is_empty() { Ok(()) } else { Err(self.errors) }
    }

    /// The errors found, for the domain to add its own to.
    pub fn into_violations(self) -> Violations {
        let mut v = Violations::default();
        for e in self.errors {
            v.fail(e.field, e.message);
        }
        v
    }

    /// A sensitive string field (a card number, a code) checked against `rule`; it stays
    /// wrapped so that no `Debug` of the request prints it.
    pub fn secret_text(&mut self, rule: &FieldRule, value: &Field<Secret<String>>) -> Option<Secret<String>> {
        let plain = match value {
            Field::Value(s) => Field::Value(s.expose().clone()),
            Field::Absent => Field::Absent,
            Field::Null => Field::Null,
            Field::Invalid => Field::Invalid,
        };
        self.text(rule, &plain).map(Secret::new)
    }

    /// An object block; `None` when absent or null (reported as missing when required).
    pub fn block<'f, T>(&mut self, rule: &FieldRule, value: &'f Field<T>) -> Option<&'f T> {
        debug_assert!(matches!(rule.kind, Kind::Object), "{} is not a block", rule.field);
        match value {
            Field::Value(v) => Some(v),
            Field::Invalid => {
                self.fail(rule.field, "must be an object");
                None
            }
            Field::Absent | Field::Null => {
                self.missing(rule);
                None
            }
        }
    }

    /// A string field checked against its rule.
    pub fn text(&mut self, rule: &FieldRule, value: &Field<String>) -> Option<String> {
        let Kind::Text { min, max, pattern } = rule.kind else { unreachable!("{} is not a string field", rule.field) };
        let field = rule.field;
        match value {
            Field::Value(s) => {
                let len = s.chars().count();
                if len > max {
                    self.fail(field, format!("must be at most {max} characters"));
                    None
                } else if s.contains('\0') {
                    // No text of the API holds one, and PostgreSQL cannot store one.
                    self.fail(field, NO_NUL);
                    None
                } else if len < min {
                    self.fail(
                        field,
                        if min == 1 {
                            "must not be empty".to_string()
                        } else {
                            format!("must be at least {min} characters")
                        },
                    );
                    None
                } else if let Some(p) = pattern
                    && !(p.test)(s)
                {
                    self.fail(
                        field,
                        match p.says {
                            Says::Regex(regex) => format!("must match {regex}"),
                            Says::Sentence(sentence) => sentence.to_string(),
                        },
                    );
                    None
                } else {
                    Some(s.clone())
                }
            }
            Field::Invalid => {
                self.fail(field, "must be a string");
                None
            }
            Field::Absent | Field::Null => {
                self.missing(rule);
                None
            }
        }
    }

    /// An integer field within its rule's range.
    pub fn integer(&mut self, rule: &FieldRule, value: &Field<i64>) -> Option<i64> {
        let Kind::Integer { min, max } = rule.kind else { unreachable!("{} is not an integer field", rule.field) };
        match value {
            Field::Value(n) if (min..=max).contains(n) => Some(*n),
            Field::Value(_) => {
                self.fail(rule.field, format!("must be an integer from {min} to {max}"));
                None
            }
            Field::Invalid => {
                self.fail(rule.field, "must be an integer");
                None
            }
            Field::Absent | Field::Null => {
                self.missing(rule);
                None
            }
        }
    }

    fn missing(&mut self, rule: &FieldRule) {
        if rule.required {
            self.fail(rule.field, "is required");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read<T: DeserializeOwned>(v: Value) -> Field<T> {
        serde_json::from_value(v).unwrap()
    }

    #[derive(Debug, Default, serde::Deserialize, PartialEq)]
    struct Block {
        #[serde(default)]
        a: Field<String>,
        #[serde(default)]
        b: Field<i64>,
    }

    #[test]
    fn whole_numbers_written_with_a_fraction_are_integers() {
        assert_eq!(read::<i64>(json!(150000.0)), Field::Value(150000));
        assert_eq!(read::<i64>(json!(-3.0)), Field::Value(-3));
        assert_eq!(read::<i64>(json!(150000.5)), Field::Invalid);
        assert_eq!(read::<i64>(json!(1e300)), Field::Invalid, "beyond where floats hold integers exactly");
        assert_eq!(read::<i64>(json!(12)), Field::Value(12));
        assert_eq!(read::<String>(json!(5.0)), Field::Invalid, "a number is not a string");
    }

    #[test]
    fn no_string_field_takes_a_nul_character() {
        let rule = FieldRule::text("payment.bank_symbol", false, 32);
        let mut c = Check::default();
        assert_eq!(c.text(&rule, &Field::Value("a\0b".into())), None);
        assert!(c.has_error_on("payment.bank_symbol"));
        assert_eq!(Check::default().text(&rule, &Field::Value("ab".into())), Some("ab".into()));
    }

    #[test]
    fn a_list_is_never_a_block_or_a_value() {
        assert_eq!(read::<Block>(json!(["x", 1])), Field::Invalid);
        assert_eq!(
            read::<Block>(json!({"a": "x", "b": 1})),
            Field::Value(Block { a: Field::Value("x".into()), b: Field::Value(1) })
        );
        assert_eq!(read::<String>(json!(["x"])), Field::Invalid);
        assert_eq!(read::<Block>(json!(null)), Field::Null);
    }
}
