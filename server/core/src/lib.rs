//! Kassa behind its HTTP edge: [`domain`] (one service per capability over one state-change
//! engine, records and pure rules, the ports; no HTTP, no SQL), [`storage`] (the ports on SQLite
//! and PostgreSQL), [`callbacks`] (renderer, signer, dispatcher, integration check),
//! [`acquirer`], [`jobs`], [`config`], [`crypto`] and [`secret`]; [`services`] builds the
//! domain's services once; [`admin`] and [`demo`] are the command line's and the demo's work.
//!
//! The `kassa` crate (the HTTP layer, the views' glue and the binary) re-exports each module
//! under the same path: this is one program in two crates so that its build runs in parallel.

pub mod acquirer;
pub mod admin;
pub mod callbacks;
pub mod config;
pub mod crypto;
pub mod demo;
pub mod domain;
pub mod jobs;
pub mod secret;
pub mod services;
pub mod storage;
pub mod wire;
