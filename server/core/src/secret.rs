//! A wrapper for values that must never reach a log line or a `Debug` dump (keys, tokens, PANs).

use std::fmt;

use subtle::ConstantTimeEq;

/// Holds a sensitive value. `Debug` and `Display` print a placeholder; the value is reached only
/// through [`Secret::expose`], which makes every use greppable.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret<T>(T);

impl<T> Secret<T> {
    pub fn new(value: T) -> Self {
        Self(value)
    }

    pub fn expose(&self) -> &T {
        &self.0
    }

    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for Secret<T> {
    fn from(value: T) -> Self {
        Self(value)
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Secret<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Secret)
    }
}

impl<T> fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl<T> fmt::Display for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl<T: AsRef<[u8]>> Secret<T> {
    /// Constant-time comparison, for tokens presented by callers.
    pub fn ct_eq(&self, other: &[u8]) -> bool {
        self.0.as_ref().ct_eq(other).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_and_display_hide_the_value() {
        let s = Secret::new("hunter2".to_string());
        assert_eq!(format!("{s:?}"), "[redacted]");
        assert_eq!(format!("{s}"), "[redacted]");
        assert_eq!(s.expose(), "hunter2");
    }

    #[test]
    fn constant_time_comparison() {
        let s = Secret::new("token-1".to_string());
        assert!(s.ct_eq(b"token-1"));
        assert!(!s.ct_eq(b"token-2"));
        assert!(!s.ct_eq(b"token"));
    }
}
