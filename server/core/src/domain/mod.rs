//! The domain: payments, their state machine, the country/method catalogue, requisites
//! selection, anti-fraud, the outbox rules, and the ports it needs (storage, acquirer,
//! callback bodies). Nothing here knows HTTP or SQL.
//!
//! Services (one per capability, each holding only the ports it uses) sit over one
//! state-change [`engine`]; records and pure rules sit beside them (a service file is named in
//! the plural, the record and its rules in the singular: `payouts.rs` over `payout.rs`).

// The engine and what wakes the background work.
pub mod engine;
pub mod factor;
pub mod signals;

// Services.
pub mod audit_log;
pub mod balances;
pub mod banks;
pub mod callback_log;
pub mod card_payments;
pub mod dashboard;
pub mod decisions;
pub mod hosted_page;
pub mod keys;
pub mod lookup;
pub mod payins;
pub mod payouts;
pub mod projects;
pub mod reconciliation;
pub mod requisites;
pub mod scheduler;
pub mod users;

// Records, pure rules, data.
pub mod acquirer;
pub mod antifraud;
pub mod approval;
pub mod audit;
pub mod bank;
pub mod brand;
pub mod catalogue;
pub mod ledger;
pub mod outbox;
pub mod page_read;
pub mod payin;
pub mod payment;
pub mod payout;
pub mod project;
pub mod replay;
pub mod requisite;
pub mod rules;
pub mod state_machine;
pub mod statement;
pub mod stats;
pub mod time;
pub mod transfer;
pub mod user;
pub mod violations;

// The errors, and the ports the services need.
pub mod error;
pub mod ports;
