//! The signed-string normalization of decisions.md §2, shared by request verification and
//! callback signing.
//!
//! A JSON document becomes sorted `path:value` lines joined by `;`. The walk writes every line
//! into one buffer and sorts byte ranges of it, so normalizing allocates a handful of buffers
//! per document, never one per field.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::ops::Range;

/// Writes the normalized form of `value` (`path:value` lines, sorted, joined by `;`).
pub fn normalize(value: &Value) -> String {
    let mut walker = Walker::default();
    walker.walk(value);
    walker.finish()
}

/// The message that is signed: base64url (no padding) of the normalized body, then the
/// timestamp exactly as sent.
pub fn message(value: &Value, timestamp: &str) -> String {
    message_of_normalized(&normalize(value), timestamp)
}

/// [`message`] from an already normalized body.
pub fn message_of_normalized(normalized: &str, timestamp: &str) -> String {
    let mut message = String::with_capacity(normalized.len() * 4 / 3 + 4 + timestamp.len());
    URL_SAFE_NO_PAD.encode_string(normalized.as_bytes(), &mut message);
    message.push_str(timestamp);
    message
}

/// SHA-256 of [`message`]: the 32 bytes that ECDSA and RSA keys sign.
pub fn digest(message: &str) -> [u8; 32] {
    Sha256::digest(message.as_bytes()).into()
}

#[derive(Default)]
struct Walker {
    /// The current path, keys joined by `:`.
    path: String,
    /// Every line, back to back.
    lines: String,
    spans: Vec<Range<usize>>,
}

impl Walker {
    fn walk(&mut self, value: &Value) {
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    let restore = self.enter();
                    self.path.push_str(key);
                    self.walk(child);
                    self.path.truncate(restore);
                }
            }
            Value::Array(items) => {
                for (index, child) in items.iter().enumerate() {
                    let restore = self.enter();
                    let _ = write!(self.path, "{index}");
                    self.walk(child);
                    self.path.truncate(restore);
                }
            }
            Value::String(s) => self.line(s),
            Value::Number(n) => {
                let start = self.begin_line();
                let _ = write!(self.lines, "{n}");
                self.spans.push(start..self.lines.len());
            }
            Value::Bool(b) => self.line(if *b { "1" } else { "0" }),
            Value::Null => self.line("None"),
        }
    }

    /// Adds the separator for a new path segment; returns the length to truncate back to.
    fn enter(&mut self) -> usize {
        let restore = self.path.len();
        if restore > 0 {
            self.path.push(':');
        }
        restore
    }

    fn begin_line(&mut self) -> usize {
        let start = self.lines.len();
        self.lines.push_str(&self.path);
        self.lines.push(':');
        start
    }

    fn line(&mut self, value: &str) {
        let start = self.begin_line();
        self.lines.push_str(value);
        self.spans.push(start..self.lines.len());
    }

    fn finish(mut self) -> String {
        let lines = &self.lines;
        self.spans.sort_unstable_by(|a, b| lines.as_bytes()[a.clone()].cmp(&lines.as_bytes()[b.clone()]));
        let mut out = String::with_capacity(lines.len() + self.spans.len());
        for (i, span) in self.spans.iter().enumerate() {
            if i > 0 {
                out.push(';');
            }
            out.push_str(&lines[span.clone()]);
        }
        out
    }
}

/// decisions.md §2 written as plainly as possible: every scalar's `path:value` line, sorted
/// by bytes, joined by `;`: the reference the fast walker is checked against, by the unit
/// tests and the `normalize` fuzz target (fuzz/).
pub fn reference(value: &Value) -> String {
    fn lines(value: &Value, path: &str, out: &mut Vec<String>) {
        let child = |k: &str| if path.is_empty() { k.to_string() } else { format!("{path}:{k}") };
        match value {
            Value::Object(map) => map.iter().for_each(|(k, v)| lines(v, &child(k), out)),
            Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| lines(v, &child(&i.to_string()), out)),
            Value::String(s) => out.push(format!("{path}:{s}")),
            Value::Number(n) => out.push(format!("{path}:{n}")),
            Value::Bool(b) => out.push(format!("{path}:{}", if *b { 1 } else { 0 })),
            Value::Null => out.push(format!("{path}:None")),
        }
    }
    let mut out = Vec::new();
    lines(value, "", &mut out);
    out.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    out.join(";")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Any JSON value: scalars of every kind (Unicode strings, big and negative numbers,
    /// floats), nested objects and arrays.
    pub(crate) fn any_json() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            (-1.0e12f64..1.0e12).prop_map(|f| json!(f)),
            ".{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                proptest::collection::btree_map("[a-z_:;0-9ü]{0,6}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn the_walker_normalizes_as_the_plain_definition(value in any_json()) {
            proptest::prop_assert_eq!(normalize(&value), reference(&value));
        }
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn first_vector_of_decisions() {
        let body: Value =
            serde_json::from_str(r#"{"general":{"project_id":"57aff4db-b45d-42bf-bc5f-b7a499a01782"}}"#).unwrap();
        assert_eq!(normalize(&body), "general:project_id:57aff4db-b45d-42bf-bc5f-b7a499a01782");
        let message = message(&body, "1706182847");
        assert_eq!(message, "Z2VuZXJhbDpwcm9qZWN0X2lkOjU3YWZmNGRiLWI0NWQtNDJiZi1iYzVmLWI3YTQ5OWEwMTc4Mg1706182847");
        assert_eq!(hex(&digest(&message)), "a751bade591dac691440fd4ad355460c7a1ab72989a487310b3c1ec4105b6e0e");
    }

    #[test]
    fn second_vector_of_decisions() {
        let body: Value = serde_json::from_str(
            r#"{"general":{"project_id":"57aff4db-b45d-42bf-bc5f-b7a499a01782","payment_id":"order-1","merchant_callback_url":"https://m.example/cb"},"payment":{"method":"card-p2p","amount":150000,"currency":"RUB","lifetime":900},"sender":{},"customer":{"id":"u1","ip_address":"1.2.3.4","country":"RU"},"flags":[true,false,null],"items":[{"b":2,"a":"x"},"y"]}"#,
        )
        .unwrap();
        assert_eq!(
            normalize(&body),
            "customer:country:RU;customer:id:u1;customer:ip_address:1.2.3.4;flags:0:1;flags:1:0;flags:2:None;general:merchant_callback_url:https://m.example/cb;general:payment_id:order-1;general:project_id:57aff4db-b45d-42bf-bc5f-b7a499a01782;items:0:a:x;items:0:b:2;items:1:y;payment:amount:150000;payment:currency:RUB;payment:lifetime:900;payment:method:card-p2p"
        );
        assert_eq!(
            hex(&digest(&message(&body, "1706182847"))),
            "4efc8b7b51c620b516aa77c0b9c7de0bbf0424459453cd2b739aa3c2d50a26c0"
        );
    }

    #[test]
    fn unicode_values_are_kept_verbatim_and_sorted_by_bytes() {
        let body = json!({"b": "Иван Петренко-Її", "a": "ü", "c": "e\u{301}", "z": "😀"});
        assert_eq!(normalize(&body), "a:ü;b:Иван Петренко-Її;c:e\u{301};z:😀");
        // Byte order, not code-point order of the keys' display: "a" (0x61) < "ä" (0xC3 0xA4).
        let body = json!({"ä": 1, "b": 2});
        assert_eq!(normalize(&body), "b:2;ä:1");
    }

    #[test]
    fn strings_are_not_quoted_or_escaped() {
        let body = json!({"s": "a\"b;c:d\n"});
        assert_eq!(normalize(&body), "s:a\"b;c:d\n");
    }

    #[test]
    fn nested_arrays_add_their_indexes() {
        let body = json!({"m": [[1, 2], [], [{"k": [true]}]]});
        assert_eq!(normalize(&body), "m:0:0:1;m:0:1:2;m:2:0:k:0:1");
    }

    #[test]
    fn empty_objects_and_arrays_give_no_line() {
        assert_eq!(normalize(&json!({"a": {}, "b": [], "c": {"d": {}}})), "");
        assert_eq!(normalize(&json!({})), "");
    }

    #[test]
    fn booleans_null_and_numbers() {
        let body = json!({"t": true, "f": false, "n": null, "i": -5, "u": 18446744073709551615u64});
        assert_eq!(normalize(&body), "f:0;i:-5;n:None;t:1;u:18446744073709551615");
    }

    #[test]
    fn lines_sort_by_whole_line_bytes() {
        // "a:b:..." sorts before "a:ba..." because ':' (0x3A) < 'a' (0x61).
        let body = json!({"a": {"b": "1", "ba": "2"}});
        assert_eq!(normalize(&body), "a:b:1;a:ba:2");
    }
}
