//! Invalid fields of a request, collected so that every one is reported at once
//! (decisions.md §4). The HTTP edge adds what it finds while checking shapes; the domain adds
//! what the catalogue's rules refuse.

/// One invalid field: its dotted path (`payment.amount`) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub field: String,
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Violations(Vec<Violation>);

impl Violations {
    pub fn fail(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Violation { field: field.into(), message: message.into() });
    }

    /// Reports `field` as required unless it was already reported (present but invalid).
    pub fn require(&mut self, field: &str, present: bool, message: impl Into<String>) {
        if !present && !self.has_error_on(field) {
            self.fail(field, message);
        }
    }

    pub fn has_error_on(&self, field: &str) -> bool {
        self.0.iter().any(|v| v.field == field)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn into_vec(self) -> Vec<Violation> {
        self.0
    }

    pub fn iter(&self) -> impl Iterator<Item = &Violation> {
        self.0.iter()
    }

    /// `Ok` when nothing was reported.
    pub fn finish(self) -> Result<(), Vec<Violation>> {
        if self.0.is_empty() { Ok(()) } else { Err(self.0) }
    }
}
