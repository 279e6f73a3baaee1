//! Integration tests: the real server over HTTP, on SQLite and on PostgreSQL.

mod helpers;

mod auth;
mod ops;
mod p2p;
mod validation;
mod banks;
