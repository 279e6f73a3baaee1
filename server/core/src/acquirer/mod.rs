//! Acquirers behind the domain's [`crate::domain::acquirer::Acquirer`] port. The sandbox is
//! the only one until a real acquirer is added.

pub mod sandbox;
