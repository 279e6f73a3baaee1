#![recursion_limit = "256"]
//! Kassa's pages: the hosted payment page (H2C widget), the demo shop and the sandbox bank
//! pages, rendered on the server, with small islands for copy buttons, the countdown, live
//! status and the card form.
//!
//! The narrow interface with the server: the server fills the view models of [`model`] and
//! calls the `render_*` functions of [`document`]; forms post to the server's routes named in
//! the models; islands read `/pay/{token}/status`. Pages never touch storage.

#[cfg(feature = "ssr")]
mod console;
pub mod i18n;
pub mod islands;
pub mod model;
#[cfg(feature = "ssr")]
mod pages;

#[cfg(feature = "ssr")]
pub mod document;

/// Referenced by the browser entry so the islands are linked into the bundle.
pub fn islands_linked() {}
