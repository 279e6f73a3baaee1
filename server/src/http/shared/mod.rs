//! What the audiences share: the error answers of the JSON APIs, HTML headers, CSRF, console
//! sessions, bounded multipart fields, brakes, static assets, metrics, health, and the HTTP server itself.

pub mod assets;
pub mod client;
pub mod csrf;
pub mod error;
pub mod html;
pub mod limits;
pub mod metrics;
pub mod multipart;
pub mod ops;
pub mod server;
pub mod session;
