//! Signatures (the signed-string normalization, request and callback keys), the request
//! fingerprint, and secrets at rest (the vault).

pub mod fingerprint;
pub mod keys;
pub mod normalize;
pub mod vault;
