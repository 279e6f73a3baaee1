//! The merchant console: the same mechanism as the operator's (login, sessions, CSRF, frame,
//! blocks, charts), for the users of one merchant. Every read goes through the merchant's
//! scope ([`super::guard::MerchantUser`]): another merchant's payment answers 404, as if it
//! did not exist.

mod balance;
mod dashboard;
mod export;
mod integration;
mod keys;
mod page;
mod payments;
pub mod routes;

use super::Console;
use crate::domain::user::Audience;

pub const CONSOLE: Console = Console {
    audience: Audience::Merchant,
    base: "/merchant",
    name_key: "console-merchant-name",
    nav: &[
        ("/", "console-nav-payments"),
        ("/dashboard", "console-nav-dashboard"),
        ("/balance", "console-nav-balance"),
        ("/keys", "console-nav-keys"),
        ("/integration", "console-nav-integration"),
        ("/page", "console-nav-page"),
    ],
};
