//! Signed callbacks that are never lost. What a change sends, and when a callback is retried
//! or superseded, are the domain's outbox rules (`domain::outbox`); here they are rendered
//! ([`render`]), signed per attempt ([`signer`]), and delivered in order with retries
//! ([`dispatcher`]) to addresses the SSRF guard allows ([`guard`]).

pub mod dispatcher;
pub mod guard;
pub mod probe;
pub mod render;
pub mod signer;
