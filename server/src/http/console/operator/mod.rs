//! The operator console (decisions.md §8 "a login (console)"): the queue of everything waiting
//! for a human, payments with their history, callbacks and audit trail, the decisions, the
//! requisites pool, incoming transfers and statements, the audit log and the dashboard. Every
//! page is plain server-rendered HTML with forms; every action goes through the same domain
//! service as the operator API and is audited in the transaction of its change.

mod audit;
mod dashboard;
mod decisions;
mod merchants;
mod payments;
mod queue;
mod reconciliation;
mod requisites;
pub mod routes;
mod statements;

use super::Console;
use crate::domain::user::{Audience, Permission::*};

pub const CONSOLE: Console = Console {
    audience: Audience::Operator,
    base: "/operator",
    name_key: "console-operator-name",
    nav: &[
        ("/", "console-nav-queue", Read),
        ("/dashboard", "console-nav-dashboard", Read),
        ("/payments", "console-nav-payments", Read),
        ("/merchants", "console-nav-merchants", Read),
        ("/reconciliation", "console-nav-reconciliation", Read),
        ("/requisites", "console-nav-requisites", Read),
        ("/audit", "console-nav-audit", Read),
        ("/users", "console-nav-users", ManageUsers),
        ("/account", "console-nav-account", Read),
    ],
};
