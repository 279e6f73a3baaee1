//! The merchant console: the same mechanism as the operator's (login, sessions, CSRF, frame,
//! blocks, charts), for the users of one merchant. Every read goes through the merchant's
//! scope ([`super::guard::MerchantUser`]): another merchant's payment answers 404, as if it
//! did not exist.

mod balance;
mod callbacks;
mod dashboard;
mod integration;
mod keys;
mod page;
mod payments;
mod payouts;
pub mod routes;

use super::Console;
use crate::domain::user::{Audience, Permission::*};

pub const CONSOLE: Console = Console {
    audience: Audience::Merchant,
    base: "/merchant",
    name_key: "console-merchant-name",
    nav: &[
        ("/", "console-nav-payments", Read),
        ("/callbacks", "console-nav-callbacks", Read),
        ("/dashboard", "console-nav-dashboard", Read),
        ("/balance", "console-nav-balance", Read),
        ("/keys", "console-nav-keys", Develop),
        ("/integration", "console-nav-integration", Develop),
        ("/page", "console-nav-page", Develop),
        ("/users", "console-nav-users", ManageUsers),
        ("/account", "console-nav-account", Read),
    ],
};
