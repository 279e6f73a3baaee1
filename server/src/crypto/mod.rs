//! Signatures: the signed-string normalization and the request and callback keys.

pub mod keys;
pub mod normalize;
