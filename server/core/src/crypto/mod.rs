//! Signatures (the signed-string normalization, request and callback keys), the request
//! fingerprint, secrets at rest (the vault), and the threads passwords are hashed on.

pub mod fingerprint;
pub mod hashing;
pub mod keys;
pub mod normalize;
pub mod vault;
