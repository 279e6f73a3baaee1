//! Browser entry point: hydrates the islands of the server-rendered hosted page.
use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
pub fn hydrate() {
    // Pull in the island registrations of the app crate.
    app::islands_linked();
    leptos::mount::hydrate_islands();
}
