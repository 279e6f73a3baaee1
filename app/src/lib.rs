#![recursion_limit = "256"]
//! Kassa's pages: the hosted payment page (H2C widget), the demo shop and the sandbox bank
//! pages, rendered on the server; a small script (`public/page.js`) enhances the copy buttons,
//! the countdown, live status and the card form where JavaScript runs.
//!
//! The narrow interface with the server: the server fills the view models of [`model`] and
//! calls the `render_*` functions of [`document`]; forms post to the server's routes named in
//! the models; the script reads `/pay/{token}/status`. Pages never touch storage.

#[cfg(feature = "ssr")]
mod console;
#[cfg(feature = "ssr")]
mod enhance;
pub mod i18n;
pub mod model;
#[cfg(feature = "ssr")]
mod pages;

#[cfg(feature = "ssr")]
pub mod document;
