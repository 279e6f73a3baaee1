//! Kassa: a payment processing service (merchant-api.md, decisions.md).
//!
//! Layout: [`http`] (the edge), [`domain`] (payments, state machine, catalogue; no HTTP, no
//! SQL), [`storage`] (one trait, SQLite and PostgreSQL), [`callbacks`] (outbox, signer,
//! dispatcher) and [`jobs`] (requisites search, deadlines).

pub mod acquirer;
pub mod admin;
pub mod callbacks;
pub mod config;
pub mod crypto;
pub mod demo;
pub mod domain;
pub mod http;
pub mod i18n;
pub mod jobs;
pub mod secret;
pub mod startup;
pub mod storage;
pub mod telemetry;
pub mod wire;
