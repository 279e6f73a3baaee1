//! The parts of the page that JavaScript enhances (`public/page.js`): rendered here as plain
//! markup that works as it is, with data attributes the script reads. Without JavaScript a
//! copy button stays hidden, the countdown says "about N minutes", the page refreshes itself
//! while it waits, and the card form is checked by the server alone.

use leptos::prelude::*;

/// A copy-to-clipboard button for one value. Hidden until the script shows it.
#[component]
pub fn CopyButton(
    /// The value to copy.
    value: String,
    /// Visible label.
    label: String,
    /// Accessible name ("Copy card number").
    aria_label: String,
    /// Label (and accessible name) after copying.
    done: String,
) -> impl IntoView {
    view! {
        <button type="button" class="copy" hidden=true aria-label=aria_label data-copy=value data-done=done>
            {label}
        </button>
    }
}

/// Time left: "about N minutes" as rendered, a live `m:ss` once the script runs.
#[component]
pub fn Countdown(seconds_left: i64, static_label: String, up_label: String) -> impl IntoView {
    let seconds_left = seconds_left.max(0);
    let shown = if seconds_left == 0 { up_label.clone() } else { static_label };
    view! { <span class="countdown" data-seconds=seconds_left data-up=up_label>{shown}</span> }
}

/// Where the script watches the payment's status, and what it announces when the page changed.
#[component]
pub fn LiveStatus(
    status_url: String,
    page_url: String,
    version: i64,
    active: bool,
    changed_label: String,
) -> impl IntoView {
    view! {
        <p
            class="visually-hidden"
            role="status"
            data-status-url=status_url
            data-page-url=page_url
            data-version=version
            data-active=active.then_some("1")
            data-changed=changed_label
        ></p>
    }
}

/// Card form help: the script groups the card number while typing and checks the fields
/// before submit with the shared rules, so mistakes show at once. The server checks
/// everything again (and alone without JavaScript).
#[component]
pub fn CardFormHelper(
    form_id: String,
    /// (message key, text) of every problem the shared rules can name.
    messages: Vec<(String, String)>,
) -> impl IntoView {
    let messages: serde_json::Map<String, serde_json::Value> =
        messages.into_iter().map(|(k, v)| (k, serde_json::Value::String(v))).collect();
    let messages = serde_json::Value::Object(messages).to_string();
    view! { <span hidden=true data-card-form=form_id data-messages=messages></span> }
}
