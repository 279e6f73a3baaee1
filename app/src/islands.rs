//! Islands: the only parts of the pages that run in the browser. Everything works without
//! them; with JavaScript they add copy buttons, a live countdown and live status.

use leptos::prelude::*;

/// A copy-to-clipboard button for one value. Hidden until JavaScript runs.
#[island]
pub fn CopyButton(
    /// The value to copy.
    value: String,
    /// Visible label.
    label: String,
    /// Accessible name ("Copy card number").
    aria_label: String,
    /// Label after copying.
    done: String,
) -> impl IntoView {
    let ready = RwSignal::new(false);
    let copied = RwSignal::new(false);
    Effect::new(move |_| ready.set(true));
    #[cfg(not(feature = "hydrate"))]
    let _ = &value;
    let copy = move |_| {
        #[cfg(feature = "hydrate")]
        browser::copy(value.clone(), copied);
    };
    // The accessible name follows the visible label ("Copied" after a copy).
    let done_name = done.clone();
    let name = move || {
        if copied.get() { done_name.clone() } else { aria_label.clone() }
    };
    view! {
        <button
            type="button"
            class="copy"
            hidden=move || !ready.get()
            data-ready=move || ready.get().then_some("1")
            aria-label=name
            on:click=copy
        >
            {move || if copied.get() { done.clone() } else { label.clone() }}
        </button>
    }
}

/// Time left to pay: "about N minutes" when rendered, a live `m:ss` once JavaScript runs.
#[island]
pub fn Countdown(seconds_left: i64, static_label: String, up_label: String) -> impl IntoView {
    let left = RwSignal::new(seconds_left.max(0));
    let live = RwSignal::new(false);
    Effect::new(move |_| {
        live.set(true);
        #[cfg(feature = "hydrate")]
        browser::tick(left);
    });
    view! {
        <span class="countdown" data-ready=move || live.get().then_some("1")>
            {move || {
                let s = left.get();
                if s <= 0 {
                    up_label.clone()
                } else if live.get() {
                    format!("{}:{:02}", s / 60, s % 60)
                } else {
                    static_label.clone()
                }
            }}
        </span>
    }
}

/// Watches the payment's status and brings the page up to date without a reload.
#[island]
pub fn LiveStatus(
    status_url: String,
    page_url: String,
    version: i64,
    active: bool,
    changed_label: String,
) -> impl IntoView {
    let announce = RwSignal::new(String::new());
    let watching = RwSignal::new(false);
    Effect::new(move |_| {
        watching.set(active);
        #[cfg(feature = "hydrate")]
        if active {
            browser::watch(status_url.clone(), page_url.clone(), version, announce, changed_label.clone());
        }
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = (&status_url, &page_url, version, &changed_label);
    view! {
        <p class="visually-hidden" role="status" data-live=move || watching.get().then_some("1")>
            {move || announce.get()}
        </p>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use std::cell::Cell;
    use std::rc::Rc;
    use std::time::Duration;

    use leptos::prelude::*;
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::{JsFuture, spawn_local};

    pub fn copy(value: String, copied: RwSignal<bool>) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let promise = window.navigator().clipboard().write_text(&value);
        spawn_local(async move {
            if JsFuture::from(promise).await.is_ok() {
                copied.set(true);
                set_timeout(move || copied.set(false), Duration::from_secs(2));
            }
        });
    }

    pub fn tick(left: RwSignal<i64>) {
        let deadline = js_sys::Date::now() + left.get_untracked() as f64 * 1000.0;
        set_interval(
            move || {
                let s = ((deadline - js_sys::Date::now()) / 1000.0).ceil() as i64;
                left.set(s.max(0));
            },
            Duration::from_secs(1),
        );
    }

    pub fn watch(status_url: String, page_url: String, version: i64, announce: RwSignal<String>, label: String) {
        let current = Rc::new(Cell::new(version));
        let busy = Rc::new(Cell::new(false));
        let done = Rc::new(Cell::new(false));
        set_interval(
            move || {
                if busy.get() || done.get() {
                    return;
                }
                busy.set(true);
                let (status_url, page_url, label) = (status_url.clone(), page_url.clone(), label.clone());
                let (current, busy, done) = (current.clone(), busy.clone(), done.clone());
                spawn_local(async move {
                    if let Ok(Some((v, is_final))) = poll(&status_url, current.get()).await
                        && swap_main(&page_url).await.is_ok()
                    {
                        current.set(v);
                        done.set(is_final);
                        announce.set(label);
                    }
                    busy.set(false);
                });
            },
            Duration::from_millis(2500),
        );
    }

    async fn fetch_text(url: &str) -> Result<String, JsValue> {
        let window = web_sys::window().ok_or(JsValue::NULL)?;
        let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url)).await?.dyn_into()?;
        if !response.ok() {
            return Err(JsValue::NULL);
        }
        Ok(JsFuture::from(response.text()?).await?.as_string().unwrap_or_default())
    }

    /// The new version and whether it is final, when it changed.
    async fn poll(url: &str, current: i64) -> Result<Option<(i64, bool)>, JsValue> {
        let text = fetch_text(url).await?;
        let status: serde_json::Value = serde_json::from_str(&text).map_err(|_| JsValue::NULL)?;
        let version = status["version"].as_i64().unwrap_or(current);
        Ok((version != current).then(|| (version, status["final"].as_bool().unwrap_or(false))))
    }

    /// Replaces `<main>` with the current page's and hydrates the islands inside it.
    async fn swap_main(page_url: &str) -> Result<(), JsValue> {
        let html = fetch_text(page_url).await?;
        let parser = web_sys::DomParser::new()?;
        let fresh = parser.parse_from_string(&html, web_sys::SupportedType::TextHtml)?;
        let document = web_sys::window().and_then(|w| w.document()).ok_or(JsValue::NULL)?;
        let (Some(old), Some(new)) = (document.query_selector("main")?, fresh.query_selector("main")?) else {
            return Err(JsValue::NULL);
        };
        old.set_inner_html(&new.inner_html());
        document.set_title(&fresh.title());
        // Scripts set through innerHTML never run: put each back as a new script with this
        // document's nonce (the fresh page was rendered with another), so the new screen's
        // small scripts (the cancel dialog, the way back to the shop) work after a swap too.
        let nonce = document
            .query_selector("script[nonce]")?
            .and_then(|s| js_sys::Reflect::get(&s, &"nonce".into()).ok())
            .unwrap_or(JsValue::from_str(""));
        let scripts = old.query_selector_all("script")?;
        for i in 0..scripts.length() {
            if let Some(inert) = scripts.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                let live = document.create_element("script")?;
                js_sys::Reflect::set(&live, &"nonce".into(), &nonce)?;
                live.set_text_content(inert.text_content().as_deref());
                inert.replace_with_with_node_1(&live)?;
            }
        }
        let hydrate = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__hydrateIsland".into())?;
        if let Ok(hydrate) = hydrate.dyn_into::<js_sys::Function>() {
            let islands = old.query_selector_all("leptos-island")?;
            for i in 0..islands.length() {
                if let Some(el) = islands.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                    let id = el.get_attribute("data-component").unwrap_or_default();
                    let _ = hydrate.call2(&JsValue::NULL, &el, &JsValue::from_str(&id));
                }
            }
        }
        if let Some(focus) = old.query_selector("h1")? {
            let _ = focus.set_attribute("tabindex", "-1");
            if let Ok(h) = focus.dyn_into::<web_sys::HtmlElement>() {
                let _ = h.focus();
            }
        }
        Ok(())
    }
}

/// Card form help: groups the card number while typing and checks the fields before submit,
/// so mistakes show at once. The server checks everything again (and alone without JS).
#[island]
pub fn CardFormHelper(
    form_id: String,
    /// (message key, text) of every problem the shared rules can name.
    messages: Vec<(String, String)>,
) -> impl IntoView {
    let ready = RwSignal::new(false);
    Effect::new(move |_| {
        ready.set(true);
        #[cfg(feature = "hydrate")]
        card::enhance(&form_id, messages.clone());
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = (&form_id, &messages);
    view! { <span hidden=true data-card-ready=move || ready.get().then_some("1")></span> }
}

#[cfg(feature = "hydrate")]
mod card {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;

    use kassa_rules::card::{
        Scheme, cvv_problem, expiry_problem, group, holder_problem, pan_problem, strip_separators,
    };

    fn input(doc: &web_sys::Document, id: &str) -> Option<web_sys::HtmlInputElement> {
        doc.get_element_by_id(id)?.dyn_into().ok()
    }

    /// Shows (or clears) the message of one field, the way the server renders it.
    fn mark(doc: &web_sys::Document, field_id: &str, error_id: &str, message: Option<&str>) {
        let Some(field) = doc.get_element_by_id(field_id) else {
            return;
        };
        let existing = doc.get_element_by_id(error_id);
        match message {
            Some(text) => {
                let _ = field.set_attribute("aria-invalid", "true");
                let _ = field.set_attribute("aria-describedby", error_id);
                let p = existing.or_else(|| {
                    let p = doc.create_element("p").ok()?;
                    p.set_class_name("field-error");
                    p.set_id(error_id);
                    let anchor = field.clone();
                    anchor.after_with_node_1(&p).ok()?;
                    Some(p)
                });
                if let Some(p) = p {
                    p.set_text_content(Some(text));
                }
            }
            None => {
                let _ = field.remove_attribute("aria-invalid");
                if let Some(p) = existing {
                    p.remove();
                }
            }
        }
    }

    /// The text of a message key (the key itself if the page did not hand it over).
    fn text_of<'a>(messages: &'a [(String, String)], key: &'static str) -> &'a str {
        messages.iter().find(|(k, _)| k == key).map_or(key, |(_, t)| t.as_str())
    }

    pub fn enhance(form_id: &str, messages: Vec<(String, String)>) {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(form) = doc.get_element_by_id(form_id) else {
            return;
        };
        if let Some(pan) = input(&doc, "pan") {
            let target = pan.clone();
            let cvv = input(&doc, "cvv");
            let on_input = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                let grouped = group(&target.value());
                if grouped != target.value() {
                    target.set_value(&grouped);
                }
                // The security code takes the scheme's length (Amex 4, others 3).
                if let Some(cvv) = &cvv {
                    let scheme = Scheme::detect(&strip_separators(&grouped));
                    let max = if scheme == Scheme::Unknown { 4 } else { scheme.cvv_length() };
                    let _ = cvv.set_attribute("maxlength", &max.to_string());
                }
            });
            let _ = pan.add_event_listener_with_callback("input", on_input.as_ref().unchecked_ref());
            on_input.forget();
        }
        if let Some(expiry) = input(&doc, "expiry") {
            // `1230` becomes `12/30` as it is typed (unless the payer types the slash).
            let target = expiry.clone();
            let on_input = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                let typed = target.value();
                let digits: String = typed.chars().filter(char::is_ascii_digit).take(6).collect();
                if !typed.contains('/') && digits.len() > 2 {
                    target.set_value(&format!("{}/{}", &digits[..2], &digits[2..]));
                }
            });
            let _ = expiry.add_event_listener_with_callback("input", on_input.as_ref().unchecked_ref());
            on_input.forget();
        }
        let on_submit = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
                return;
            };
            let value = |id: &str| input(&doc, id).map(|i| i.value()).unwrap_or_default();
            let now = js_sys::Date::new_0();
            let (year, month) = (now.get_full_year() as i64, now.get_month() as i64 + 1);
            let checks = [
                ("pan", "pan-error", pan_problem(&value("pan"))),
                ("expiry", "expiry-error", expiry_problem(&value("expiry"), year, month)),
                ("holder", "holder-error", holder_problem(&value("holder"))),
                ("cvv", "cvv-error", cvv_problem(&value("cvv"), &value("pan"))),
            ];
            let mut first_bad = None;
            for (field, error, problem) in checks {
                mark(&doc, field, error, problem.map(|key| text_of(&messages, key)));
                if problem.is_some() && first_bad.is_none() {
                    first_bad = Some(field);
                }
            }
            if let Some(field) = first_bad {
                event.prevent_default();
                if let Some(el) = input(&doc, field) {
                    let _ = el.focus();
                }
            }
        });
        let _ = form.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref());
        on_submit.forget();
    }
}
