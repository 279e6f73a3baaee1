//! Integration tests: the real server over HTTP, on SQLite and on PostgreSQL.

mod helpers;

mod auth;
mod backup;
mod banks;
mod browser;
mod callback_example;
mod callbacks;
mod console;
pub mod ecom;
mod embedding;
mod factor;
mod merchant_money;
mod ops;
mod p2p;
mod page_recovery;
mod payouts;
mod processes;
mod proxy;
mod receiver;
mod reconciliation;
mod roles;
mod schema;
pub mod security;
mod signing_example;
mod validation;
pub mod widget;
