//! The domain: payments, their state machine, the country/method catalogue, requisites
//! selection, anti-fraud, the outbox rules, and the ports it needs (storage, acquirer,
//! callback bodies). Nothing here knows HTTP or SQL.

pub mod acquirer;
pub mod antifraud;
pub mod audit;
pub mod banks;
pub mod brand;
pub mod catalogue;
pub mod console;
pub mod incoming;
pub mod ledger;
pub mod outbox;
pub mod payin;
pub mod payment;
pub mod payments;
pub mod payout;
pub mod ports;
pub mod project;
pub mod projects;
pub mod requisites;
pub mod rules;
pub mod state_machine;
pub mod stats;
pub mod time;
pub mod violations;
