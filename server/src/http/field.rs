//! `Field<T>`: a request field as received. Parsing never stops at the first wrong field, so
//! validation can name every invalid one at once (decisions.md §4).

use serde::de::{Deserialize, DeserializeOwned, Deserializer};
use serde_json::Value;

use super::error::FieldError;
use crate::domain::violations::Violations;
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
            other => match T::deserialize(other) {
                Ok(v) => Field::Value(v),
                Err(_) => Field::Invalid,
            },
        })
    }
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

/// Collects field errors while a request is turned into validated values.
#[derive(Debug, Default)]
pub struct Check {
    errors: Vec<FieldError>,
}

/// A pattern rule: its text (a regular expression, or the whole error message) and its test.
pub type Pattern<'a> = (&'a str, &'a dyn Fn(&str) -> bool);

/// What a string field must look like.
pub struct Text<'a> {
    pub max: usize,
    pub min: usize,
    /// The rule as a regular expression (`^...`) or as the whole error message, and its test.
    pub pattern: Option<Pattern<'a>>,
}

impl Text<'static> {
    pub const fn max(max: usize) -> Self {
        Text { max, min: 1, pattern: None }
    }
}

impl<'a> Text<'a> {
    pub fn pattern(max: usize, text: &'a str, test: &'a dyn Fn(&str) -> bool) -> Self {
        Text { max, min: 1, pattern: Some((text, test)) }
    }
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
    pub fn secret_text(
        &mut self,
        field: &str,
        value: &Field<Secret<String>>,
        required: bool,
        rule: &Text<'_>,
    ) -> Option<Secret<String>> {
        let plain = match value {
            Field::Value(s) => Field::Value(s.expose().clone()),
            Field::Absent => Field::Absent,
            Field::Null => Field::Null,
            Field::Invalid => Field::Invalid,
        };
        self.text(field, &plain, required, rule).map(Secret::new)
    }

    /// An object block; `None` when absent or null (reported as missing when `required`).
    pub fn block<'f, T>(&mut self, field: &str, value: &'f Field<T>, required: bool) -> Option<&'f T> {
        match value {
            Field::Value(v) => Some(v),
            Field::Invalid => {
                self.fail(field, "must be an object");
                None
            }
            Field::Absent | Field::Null => {
                if required {
                    self.fail(field, "is required");
                }
                None
            }
        }
    }

    /// A string field checked against `rule`.
    pub fn text(&mut self, field: &str, value: &Field<String>, required: bool, rule: &Text<'_>) -> Option<String> {
        match value {
            Field::Value(s) => {
                let len = s.chars().count();
                if len > rule.max {
                    self.fail(field, format!("must be at most {} characters", rule.max));
                    None
                } else if len < rule.min {
                    self.fail(
                        field,
                        if rule.min == 1 {
                            "must not be empty".to_string()
                        } else {
                            format!("must be at least {} characters", rule.min)
                        },
                    );
                    None
                } else if let Some((text, test)) = rule.pattern
                    && !test(s)
                {
                    // A regular expression is quoted; anything else is the whole message.
                    self.fail(
                        field,
                        if text.starts_with('^') { format!("must match {text}") } else { text.to_string() },
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
                if required {
                    self.fail(field, "is required");
                }
                None
            }
        }
    }

    /// An integer field within `range`.
    pub fn integer(
        &mut self,
        field: &str,
        value: &Field<i64>,
        required: bool,
        range: std::ops::RangeInclusive<i64>,
    ) -> Option<i64> {
        match value {
            Field::Value(n) if range.contains(n) => Some(*n),
            Field::Value(_) => {
                self.fail(field, format!("must be an integer from {} to {}", range.start(), range.end()));
                None
            }
            Field::Invalid => {
                self.fail(field, "must be an integer");
                None
            }
            Field::Absent | Field::Null => {
                if required {
                    self.fail(field, "is required");
                }
                None
            }
        }
    }
}
