//! Server-rendered parts of the pages. Every text is looked up with [`t`]; every value the
//! merchant or the user gave is inserted as text, which Leptos escapes.

use std::sync::Arc;

use leptos::prelude::*;

use crate::enhance::{CardFormHelper, CopyButton, Countdown, LiveStatus};
use crate::i18n::{Arg, t, t_with};
use crate::model::*;

/// Keeps the name, expiry and phone typed on the page in this tab's session storage when the
/// payer switches language, and puts them back on the page in the new language.
const KEEP_TYPED: &str = "(function(){var k='kassa-typed:'+location.pathname,f=['holder','expiry','phone'];\
try{var s=JSON.parse(sessionStorage.getItem(k)||'{}');sessionStorage.removeItem(k);\
f.forEach(function(n){var e=document.getElementById(n);if(e&&s[n]&&!e.value)e.value=s[n];});}catch(x){}\
document.querySelectorAll('.languages a').forEach(function(a){a.addEventListener('click',function(){var s={};\
f.forEach(function(n){var e=document.getElementById(n);if(e&&e.value)s[n]=e.value;});\
try{sessionStorage.setItem(k,JSON.stringify(s));}catch(x){}});});})();";

/// In a frame, tells the parent the payment's status, posting only to the sites the project
/// lists (a message to any other origin is dropped by the browser). In `<main>`, so it runs
/// again when a live update swaps the screen.
const EMBED: &str = "(function(d){if(window.parent===window)return;\
d.origins.forEach(function(o){try{window.parent.postMessage(d.message,o);}catch(x){}});})";

/// Hidden fields every form of the payment page carries.
#[component]
fn FormFields(csrf: String, lang: String) -> impl IntoView {
    view! {
        <input type="hidden" name="csrf" value=csrf/>
        <input type="hidden" name="lang" value=lang/>
    }
}

/// The language menu of every page and console: the current language, then every language
/// in its own name, as links (no JavaScript needed).
#[component]
pub fn LanguageMenu(languages: Vec<LanguageLink>, lang: String, label: String) -> impl IntoView {
    let current = languages.iter().find(|l| l.code == lang).map(|l| l.name.clone()).unwrap_or_default();
    view! {
        <details class="languages">
            <summary>
                <span class="visually-hidden">{label} ": "</span>
                {current}
            </summary>
            <ul>
                {languages
                    .into_iter()
                    .map(|l| {
                        let current = (l.code == lang).then_some("true");
                        view! {
                            <li>
                                <a href=l.href hreflang=l.code.clone() lang=l.code aria-current=current>
                                    {l.name}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}

#[component]
pub fn Header(languages: Vec<LanguageLink>, lang: String) -> impl IntoView {
    view! {
        <a class="skip" href="#main">{t("skip-to-content")}</a>
        <header class="top">
            <span class="brand">{t("brand")}</span>
            <LanguageMenu languages=languages lang=lang label=t("language")/>
        </header>
    }
}

#[component]
pub fn Footer() -> impl IntoView {
    view! {
        <footer class="bottom">
            <p>{t("secure-note")}</p>
        </footer>
    }
}

/// The picture of a way to pay: simple line drawings made for Kassa (no scheme's trademark).
#[component]
fn MethodIcon(name: String) -> impl IntoView {
    let d = match name.as_str() {
        "card" => "M5 6h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM3 10h18M7 15h4",
        "phone" => "M9 3h6a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM11 18h2",
        "qr" => "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2",
        "push" => "M9 3h6a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9.5 12l2 2 3-4",
        "ussd" => "M9 4L7 20M17 4l-2 16M4 9h16M3 15h16",
        "bank" => "M3 10l9-6 9 6M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18",
        "globe" => "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18",
        "wallet" => "M4 7h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4zM4 7l11-3v3M16 13h2",
        _ => "M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1",
    };
    view! {
        <svg class="method-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d=d fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
    }
}

/// A field label as it reads inside a sentence ("Copy card number"): its first letter in lower
/// case, except for acronyms (SBP) and in languages that write nouns with a capital (German).
fn inside_sentence(label: &str, lang: &str) -> String {
    let mut chars = label.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if !(first.is_uppercase() && second.is_uppercase()) && lang != "de" => {
            first.to_lowercase().chain(label.chars().skip(1)).collect()
        }
        _ => label.to_string(),
    }
}

/// One requisite value with its copy button.
#[component]
fn Value(
    label_key: &'static str,
    display: String,
    value: String,
    lang: String,
    #[prop(optional)] mono: bool,
) -> impl IntoView {
    let label = t(label_key);
    let aria = t_with("copy-value", &[("what", Arg::Text(inside_sentence(&label, &lang)))]);
    let class = if mono { "value mono" } else { "value" };
    view! {
        <div class="row">
            <dt>{label}</dt>
            <dd>
                <span class=class>{display}</span>
                <CopyButton value=value label=t("copy") aria_label=aria done=t("copied")/>
            </dd>
        </div>
    }
}

/// The payment details: the link or code to open first (on a phone that is the quickest
/// way), the QR for another device, and every value with its copy button.
#[component]
fn Requisites(i: Instructions, view: Arc<PaymentView>) -> impl IntoView {
    let label_key = match i.kind {
        InstructionKind::Card => "field-card-number",
        InstructionKind::Phone => "field-phone",
        InstructionKind::Account => "field-account",
        InstructionKind::Link | InstructionKind::Qr => "field-link",
        InstructionKind::Ussd => "field-ussd",
    };
    let link = matches!(i.kind, InstructionKind::Link | InstructionKind::Qr).then(|| i.value.clone());
    let ussd = (i.kind == InstructionKind::Ussd).then(|| format!("tel:{}", i.value.replace('#', "%23")));
    let qr = i.qr_src.clone();
    view! {
        {link.map(|href| view! {
            <p>
                <a class="button primary" href=href target="_blank" rel="noopener noreferrer">{t("open-link")}</a>
            </p>
        })}
        {ussd.map(|href| view! {
            <p>
                <a class="button primary" href=href>{t("dial-ussd")}</a>
            </p>
        })}
        {qr.map(|src| view! { <img class="qr" src=src alt=t("qr-alt") width="232" height="232"/> })}
        <dl class="requisites">
            <Value label_key=label_key display=i.display_value.clone() value=i.value.clone() lang=view.lang.clone() mono=true/>
            {i.holder.clone().map(|h| view! { <div class="row"><dt>{t("field-holder")}</dt><dd><span class="value">{h}</span></dd></div> })}
            {i.bank.clone().map(|b| view! { <div class="row"><dt>{t("field-bank")}</dt><dd><span class="value">{b}</span></dd></div> })}
            {i.bank_code.clone().map(|c| view! { <Value label_key="field-bank-code" display=c.clone() value=c lang=view.lang.clone() mono=true/> })}
            {i.correspondent_account.clone().map(|c| view! { <Value label_key="field-correspondent-account" display=c.clone() value=c lang=view.lang.clone() mono=true/> })}
            <Value label_key="field-amount" display=view.amount.clone() value=view.amount_copy.clone() lang=view.lang.clone()/>
        </dl>
    }
}

#[component]
fn InstructionsScreen(i: Instructions, view: Arc<PaymentView>) -> impl IntoView {
    let (title_key, text_key) = match i.kind {
        InstructionKind::Card => ("instructions-title", "instructions-card"),
        InstructionKind::Phone => ("instructions-title", "instructions-phone"),
        InstructionKind::Account => ("instructions-title", "instructions-account"),
        InstructionKind::Link => ("instructions-title-link", "instructions-link"),
        InstructionKind::Qr => ("instructions-title-link", "instructions-qr"),
        InstructionKind::Ussd => ("instructions-title-ussd", "instructions-ussd"),
    };
    let amount = view.amount.clone();
    view! {
        <h1>{t(title_key)}</h1>
        <p>{t(text_key)}</p>
        <Requisites i=i view=view.clone()/>
        <p class="note">{t_with("instructions-exact-amount", &[("amount", Arg::Text(amount))])}</p>
        <form method="post" action=format!("{}/confirm", view.base) class="stack">
            <FormFields csrf=view.csrf.clone() lang=view.lang.clone()/>
            <button type="submit" class="button primary wide">{t("i-have-paid")}</button>
            <p class="hint">{t("i-have-paid-hint")}</p>
        </form>
    }
}

/// What happened: the outcome, reference, time, amount, method, card and payee.
#[component]
fn RecordBlock(record: PaymentRecord, view: Arc<PaymentView>) -> impl IntoView {
    let row = |label: String, value: String| {
        view! { <div class="row"><dt>{label}</dt><dd><span class="value">{value}</span></dd></div> }
    };
    let contact = t_with(
        "record-contact",
        &[("name", Arg::Text(view.payee.clone())), ("reference", Arg::Text(record.reference.clone()))],
    );
    let print = (!view.print).then(|| {
        view! {
            <p><a class="link-button" href=format!("{}?lang={}&view=print", view.base, view.lang)>{t("record-print")}</a></p>
        }
    });
    view! {
        <section class="card-block record" aria-labelledby="record-title">
            <h2 id="record-title">{t("record-title")}</h2>
            <dl class="requisites">
                {row(t("record-status"), t(&record.outcome_key))}
                {row(t("record-reference"), record.reference.clone())}
                {row(t("record-date"), record.at.clone())}
                {row(t("field-amount"), view.amount.clone())}
                {record.method_key.clone().map(|k| row(t("record-method"), t(&k)))}
                {record.card_last4.clone().map(|l| row(t("record-card"), t_with("record-card-ending", &[("last4", Arg::Text(l))])))}
                {row(t("record-payee"), view.payee.clone())}
            </dl>
            <p>{t(&record.next_key)}</p>
            <p class="hint">{contact}</p>
            {print}
            {view.print.then(|| view! { <p class="hint">{t("record-print-hint")}</p> })}
        </section>
    }
}

/// "Cancel this payment?": what happens, and the two answers.
#[component]
fn CancelQuestion(view: Arc<PaymentView>, paid: bool) -> impl IntoView {
    let back = format!("{}?lang={}", view.base, view.lang);
    view! {
        <h2 id="cancel-title">{t("cancel-confirm-title")}</h2>
        <p>{t(if paid { "cancel-confirm-text-paid" } else { "cancel-confirm-text" })}</p>
        <form method="post" action=format!("{}/cancel", view.base) class="stack">
            <FormFields csrf=view.csrf.clone() lang=view.lang.clone()/>
            <input type="hidden" name="confirm" value="yes"/>
            <button type="submit" class="button danger wide">{t("cancel-confirm-yes")}</button>
            <a class="button wide" href=back data-close="1">{t("cancel-confirm-no")}</a>
        </form>
    }
}

#[component]
fn ReceiptForm(view: Arc<PaymentView>, offer: ReceiptOffer) -> impl IntoView {
    let status = format!("{}?lang={}", view.base, view.lang);
    if offer == ReceiptOffer::Link {
        let own_view = format!("{}?view=receipt&lang={}", view.base, view.lang);
        return view! {
            <section class="card-block" aria-labelledby="receipt-title">
                <h2 id="receipt-title">{t("receipt-title")}</h2>
                <p>{t("receipt-text")}</p>
                <p><a class="button" href=own_view>{t("receipt-title")}</a></p>
            </section>
        }
        .into_any();
    }
    view! {
        <section class="card-block" aria-labelledby="receipt-title">
            <h2 id="receipt-title">{t("receipt-title")}</h2>
            <p>{t("receipt-text")}</p>
            <form method="post" action=format!("{}/receipt", view.base) enctype="multipart/form-data" class="stack">
                <FormFields csrf=view.csrf.clone() lang=view.lang.clone()/>
                <label for="receipt">{t("receipt-file")}</label>
                <input id="receipt" type="file" name="receipt" accept="image/jpeg,image/png,image/webp,image/heic,application/pdf" required/>
                <button type="submit" class="button">{t("receipt-submit")}</button>
            </form>
            {(offer == ReceiptOffer::OwnView).then(|| view! { <p><a href=status>{t("receipt-back")}</a></p> })}
        </section>
    }
    .into_any()
}

#[component]
fn CardFormScreen(form: CardForm, view: Arc<PaymentView>) -> impl IntoView {
    let error = |field: &str| form.errors.iter().find(|(f, _)| f == field).map(|(_, key)| t(key));
    let described = |field: &str, has: bool| has.then(|| format!("{field}-error"));
    let (pan_e, exp_e, holder_e, cvv_e) = (error("pan"), error("expiry"), error("holder"), error("cvv"));
    let pay = t_with("card-pay", &[("amount", Arg::Text(view.amount.clone()))]);
    let refused = form.refused.clone().map(|(reason_key, left)| {
        view! {
            <p class="notice error" role="alert">
                {t(&reason_key)} " " {t_with("card-try-another", &[("left", Arg::Number(left as i64))])}
            </p>
        }
    });
    view! {
        <h1>{t("card-title")}</h1>
        {refused}
        <CardFormHelper
            form_id="card-form".to_string()
            messages=kassa_rules::card::CARD_FORM_MESSAGES.iter().map(|k| (k.to_string(), t(k))).collect()
        />
        <form id="card-form" method="post" action=format!("{}/card", view.base) class="stack card-form" novalidate=true>
            <FormFields csrf=view.csrf.clone() lang=view.lang.clone()/>
            <label for="pan">{t("card-number")}</label>
            <input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" maxlength="23" required
                aria-invalid=pan_e.is_some().then_some("true") aria-describedby=described("pan", pan_e.is_some())/>
            {pan_e.map(|e| view! { <p class="field-error" id="pan-error">{e}</p> })}
            <label for="expiry">{t("card-expiry")}</label>
            <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="7"
                placeholder=t("card-expiry-placeholder") required
                aria-invalid=exp_e.is_some().then_some("true") aria-describedby=described("expiry", exp_e.is_some())/>
            {exp_e.map(|e| view! { <p class="field-error" id="expiry-error">{e}</p> })}
            <label for="holder">{t("card-holder")}</label>
            <input id="holder" name="holder" autocomplete="cc-name" maxlength="255" required value=form.holder.clone()
                aria-invalid=holder_e.is_some().then_some("true") aria-describedby=described("holder", holder_e.is_some())/>
            {holder_e.map(|e| view! { <p class="field-error" id="holder-error">{e}</p> })}
            <label for="cvv">{t("card-cvv")}</label>
            <input id="cvv" name="cvv" type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required
                aria-invalid=cvv_e.is_some().then_some("true") aria-describedby=if cvv_e.is_some() { "cvv-error cvv-hint" } else { "cvv-hint" }/>
            <p class="hint" id="cvv-hint">{t("card-cvv-hint")}</p>
            {cvv_e.map(|e| view! { <p class="field-error" id="cvv-error">{e}</p> })}
            <button type="submit" class="button primary wide">{pay}</button>
        </form>
    }
}

/// Posts a hand-off form to the bank; submitted by script, or by the button without one.
#[component]
fn HandOff(
    id: &'static str,
    method: String,
    action: String,
    fields: Vec<(String, String)>,
    nonce: String,
) -> impl IntoView {
    let script = format!("document.getElementById('{id}').submit();");
    view! {
        <h1>{t("threeds-title")}</h1>
        <p>{t("threeds-text")}</p>
        <form id=id method=method action=action class="stack">
            {fields.into_iter().map(|(name, value)| view! { <input type="hidden" name=name value=value/> }).collect_view()}
            <button type="submit" class="button primary wide">{t("threeds-continue")}</button>
        </form>
        <script nonce=nonce>{script}</script>
    }
}

#[component]
pub fn PaymentBody(view: PaymentView, nonce: String) -> impl IntoView {
    // Shared by the screens' components rather than copied into each.
    let view = Arc::new(view);
    let v = view.clone();
    let (seconds_left, minutes) = (view.seconds_left.max(0), view.minutes_left);
    let countdown = (!view.is_final && !matches!(view.screen, Screen::Dispute { .. })).then(|| {
        view! {
            <p class="time-left">
                <span>{t("time-left")} ": "</span>
                <Countdown
                    seconds_left=seconds_left
                    static_label=t_with("time-left-minutes", &[("minutes", Arg::Number(minutes))])
                    up_label=t("time-up")
                />
            </p>
        }
    });
    let notice = view.notice.clone().map(|n| {
        let class = if n.error { "notice error" } else { "notice" };
        let role = if n.error { "alert" } else { "status" };
        view! { <p class=class role=role>{t(&n.key)}</p> }
    });
    let back =
        view.redirect_url.clone().filter(|_| view.is_final || matches!(view.screen, Screen::Dispute { .. })).map(
            |href| {
                // `_top`: from a framed page the shop opens in the whole window, not in the frame.
                view! {
                    <p>
                        <a id="return-link" class="button wide" href=href rel="noreferrer" target="_top">
                            {t("back-to-shop")}
                        </a>
                    </p>
                }
            },
        );
    let screen = match view.screen.clone() {
        Screen::ChooseMethod { methods } => view! {
            <h1>{t("choose-method-title")}</h1>
            <p>{t("choose-method-hint")}</p>
            <form method="post" action=format!("{}/method", v.base)>
                <FormFields csrf=v.csrf.clone() lang=v.lang.clone()/>
                <ul class="methods">
                    {methods.into_iter().map(|(m, icon)| {
                        let label = t(&format!("method-{m}"));
                        let how = t(&format!("method-how-{m}"));
                        let how_id = format!("how-{m}");
                        let described = how_id.clone();
                        // The name is the method; how it works is the button's description.
                        view! {
                            <li>
                                <button type="submit" class="method" name="method" value=m aria-describedby=described>
                                    <MethodIcon name=icon/>
                                    <span class="method-text">
                                        <span class="method-name">{label}</span>
                                        <span class="method-how" id=how_id aria-hidden="true">{how}</span>
                                    </span>
                                </button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </form>
        }
        .into_any(),
        Screen::Searching { busy: true } => view! {
            <h1>{t("searching-busy-title")}</h1>
            <p>{t("searching-busy-text")}</p>
            <div class="spinner" aria-hidden="true"></div>
            <p class="hint">{t("updating")}</p>
        }
        .into_any(),
        Screen::Searching { busy: false } => view! {
            <h1>{t("searching-title")}</h1>
            <p>{t("searching-text")}</p>
            <div class="spinner" aria-hidden="true"></div>
            <p class="hint">{t("updating")}</p>
        }
        .into_any(),
        Screen::Instructions(i) => view! { <InstructionsScreen i=i view=v.clone()/> }.into_any(),
        Screen::Checking { details } => view! {
            <h1>{t("checking-title")}</h1>
            <p>{t("checking-text")}</p>
            <div class="spinner" aria-hidden="true"></div>
            <p class="hint">{t("updating")}</p>
            {details.map(|i| view! {
                <section class="card-block" aria-labelledby="details-title">
                    <h2 id="details-title">{t("checking-details-title")}</h2>
                    <p>{t("checking-details-text")}</p>
                    <Requisites i=i view=v.clone()/>
                </section>
            })}
        }
        .into_any(),
        Screen::Push { phone: Some(phone), again_in_s } => {
            let again = match again_in_s {
                Some(s) => {
                    view! { <p class="hint">{t_with("push-again-in", &[("seconds", Arg::Number(s))])}</p> }.into_any()
                }
                None => view! {
                    <form method="post" action=format!("{}/push", v.base) class="stack">
                        <FormFields csrf=v.csrf.clone() lang=v.lang.clone()/>
                        <button type="submit" class="button wide">{t("push-send-again")}</button>
                    </form>
                }
                .into_any(),
            };
            view! {
                <h1>{t("push-title")}</h1>
                <p>{t_with("push-text", &[("amount", Arg::Text(v.amount.clone()))])}</p>
                <p>{t_with("push-sent-to", &[("phone", Arg::Text(phone))])}</p>
                <div class="spinner" aria-hidden="true"></div>
                <p class="hint">{t("updating")}</p>
                <p class="hint">{t("push-not-received")}</p>
                {again}
            }
            .into_any()
        }
        Screen::Push { phone: None, .. } => view! {
            <h1>{t("push-title")}</h1>
            <p>{t("push-ask-phone")}</p>
            <form method="post" action=format!("{}/push", v.base) class="stack">
                <FormFields csrf=v.csrf.clone() lang=v.lang.clone()/>
                <label for="phone">{t("push-phone")}</label>
                <input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="16" required
                    aria-describedby="phone-hint"/>
                <p class="hint" id="phone-hint">{t("push-phone-hint")}</p>
                <button type="submit" class="button primary wide">{t("push-send")}</button>
            </form>
        }
        .into_any(),
        Screen::CardForm(form) => view! { <CardFormScreen form=form view=v.clone()/> }.into_any(),
        Screen::ThreeDs(d) => {
            let fields =
                vec![("PaReq".to_string(), d.pa_req), ("MD".to_string(), d.md), ("TermUrl".to_string(), d.term_url)];
            view! { <HandOff id="threeds" method="post".to_string() action=d.acs_url fields=fields nonce=nonce.clone()/> }.into_any()
        }
        Screen::Redirect(r) => {
            view! { <HandOff id="redirect" method=r.method action=r.url fields=r.fields nonce=nonce.clone()/> }
                .into_any()
        }
        Screen::Success => {
            let returning = v.return_in_s.map(|s| {
                // In a frame (reached by a live update) the shop decides; the page stays.
                let script = format!(
                    "(function(){{var r=document.getElementById('returning');if(window.parent!==window){{if(r)r.hidden=true;return;}}\
                     setTimeout(function(){{var a=document.getElementById('return-link');if(a)location.assign(a.href);}},{});}})();",
                    u64::from(s) * 1000
                );
                view! {
                    <div id="returning">
                    <p class="returning" role="status">
                        {t("return-in")} " "
                        <Countdown
                            seconds_left=i64::from(s)
                            static_label=t_with("return-in-seconds", &[("seconds", Arg::Number(i64::from(s)))])
                            up_label=t("return-now")
                        />
                    </p>
                    <p><a class="link-button" href=format!("{}?lang={}&stay=1", v.base, v.lang)>{t("return-stay")}</a></p>
                    </div>
                    <script nonce=nonce.clone()>{script}</script>
                }
            });
            view! {
                <div class="result ok" aria-hidden="true">"✓"</div>
                <h1>{t("success-title")}</h1>
                <p>{t_with("success-text", &[("name", Arg::Text(v.payee.clone()))])}</p>
                {returning}
            }
            .into_any()
        }
        Screen::Declined { reason_key } => view! {
            <div class="result fail" aria-hidden="true">"✕"</div>
            <h1>{t("decline-title")}</h1>
            <p>{t(&reason_key)}</p>
        }
        .into_any(),
        Screen::Expired => view! {
            <div class="result fail" aria-hidden="true">"⌛"</div>
            <h1>{t("expired-title")}</h1>
            <p>{t("reason-expired")}</p>
        }
        .into_any(),
        Screen::Dispute { text_key } => view! {
            <h1>{t("dispute-title")}</h1>
            <p>{t(&text_key)}</p>
        }
        .into_any(),
    };
    let receipt = view.receipt.map(|offer| view! { <ReceiptForm view=v.clone() offer=offer/> });
    let record = view.record.clone().map(|r| view! { <RecordBlock record=r view=v.clone()/> });
    let change_method = view.can_change_method.then(|| {
        view! {
            <form method="post" action=format!("{}/change-method", v.base) class="change-method">
                <FormFields csrf=v.csrf.clone() lang=v.lang.clone()/>
                <button type="submit" class="link-button">{t("change-method")}</button>
            </form>
        }
    });
    // Cancel takes two steps: without JavaScript the link opens the question on the page;
    // with it, the same question opens in a dialog.
    let paid = matches!(view.screen, Screen::Checking { .. });
    let cancel = view.can_cancel.then(|| {
        if view.cancel_asked {
            view! {
                <section id="cancel" class="card-block confirm-cancel" role="alertdialog" aria-labelledby="cancel-title">
                    <CancelQuestion view=v.clone() paid=paid/>
                </section>
            }
            .into_any()
        } else {
            let script = "(function(){var a=document.getElementById('cancel-link'),d=document.getElementById('cancel-dialog');\
                if(!a||!d||!d.showModal)return;a.addEventListener('click',function(e){e.preventDefault();d.showModal();});\
                d.querySelector('[data-close]').addEventListener('click',function(e){e.preventDefault();d.close();a.focus();});})();";
            view! {
                <p class="cancel">
                    <a id="cancel-link" class="link-button" href=format!("{}?lang={}&cancel=ask#cancel", v.base, v.lang)>
                        {t("cancel-payment")}
                    </a>
                </p>
                <dialog id="cancel-dialog" class="confirm-cancel" aria-labelledby="cancel-title">
                    <CancelQuestion view=v.clone() paid=paid/>
                </dialog>
                <script nonce=nonce.clone()>{script}</script>
            }
            .into_any()
        }
    });
    let sandbox = (!view.sandbox.is_empty()).then(|| {
        view! {
            <aside class="sandbox" aria-labelledby="sandbox-title">
                <h2 id="sandbox-title">{t("sandbox-title")}</h2>
                <p>{t("sandbox-text")}</p>
                <form method="post" action=format!("{}/sandbox", v.base) class="sandbox-actions">
                    <FormFields csrf=v.csrf.clone() lang=v.lang.clone()/>
                    {view.sandbox.iter().map(|a| view! {
                        <button type="submit" class="button" name="action" value=a.action.clone()>{t(&a.label_key)}</button>
                    }).collect_view()}
                </form>
            </aside>
        }
    });
    let description = view.description.clone();
    // Forms a payer types into keep what was typed across a change of language (never the
    // card number or the code: those stay only in the form).
    let typed_kept = matches!(view.screen, Screen::CardForm(_) | Screen::Push { phone: None, .. });
    let amount_label = match (&view.screen, view.is_final) {
        (Screen::Success, _) => t("amount-label-paid"),
        (_, true) | (Screen::Dispute { .. }, _) => t("amount-label-final"),
        _ => t("amount-label"),
    };
    view! {
        <main id="main" class=view.print.then_some("print")>
            <section class="summary">
                {view.logo_src.clone().map(|src| view! { <img class="logo" src=src alt="" height="40"/> })}
                <p class="payee">{t_with("payee", &[("name", Arg::Text(view.payee.clone()))])}</p>
                <p class="label">{amount_label}</p>
                <p class="amount">{view.amount.clone()}</p>
                {description.map(|d| view! { <p class="description"><span class="visually-hidden">{t("description-label")} ": "</span>{d}</p> })}
                {countdown}
            </section>
            {notice}
            <section class="screen">{screen}</section>
            {record}
            {receipt}
            {(!view.print).then_some(back)}
            {change_method}
            {cancel}
            {(!view.print).then_some(sandbox)}
            {view.embed.clone().map(|data| view! { <script nonce=nonce.clone()>{format!("{EMBED}({data});")}</script> })}
        </main>
        {typed_kept.then(|| view! { <script nonce=nonce.clone()>{KEEP_TYPED}</script> })}
        <LiveStatus
            status_url=format!("{}/status", view.base)
            page_url=format!("{}?lang={}", view.base, view.lang)
            version=view.version
            active=!view.is_final
            changed_label=t("status-updated")
        />
    }
}

#[component]
pub fn NotFoundBody() -> impl IntoView {
    view! {
        <main id="main">
            <section class="screen">
                <h1>{t("not-found-title")}</h1>
                <p>{t("not-found-text")}</p>
            </section>
        </main>
    }
}

#[component]
pub fn UnavailableBody() -> impl IntoView {
    view! {
        <main id="main">
            <section class="screen">
                <h1>{t("unavailable-title")}</h1>
                <p>{t("unavailable-text")}</p>
            </section>
        </main>
    }
}

#[component]
pub fn ShopBody(shop: ShopView) -> impl IntoView {
    let error = shop.error.clone().map(|(key, detail)| {
        view! {
            <div class="notice error" role="alert">
                <p>{t(&key)}</p>
                {detail.map(|d| view! { <p>{d}</p> })}
            </div>
        }
    });
    view! {
        <main id="main">
            <section class="screen">
                <h1>{t("shop-title")}</h1>
                <p>{t("shop-intro")}</p>
                {error}
                <form method="post" action="/demo/checkout" class="stack">
                    <input type="hidden" name="csrf" value=shop.csrf/>
                    <label for="choice">{t("shop-country")}</label>
                    <select id="choice" name="choice">
                        {shop.options.into_iter().map(|(value, label)| view! { <option value=value>{label}</option> }).collect_view()}
                    </select>
                    <label for="amount">{t("shop-amount")}</label>
                    <input id="amount" name="amount" inputmode="decimal" value="1500" required/>
                    <button type="submit" class="button primary wide">{t("shop-pay")}</button>
                </form>
            </section>
        </main>
    }
}

#[component]
pub fn AcsBody(acs: AcsView) -> impl IntoView {
    let wrong = acs.attempts_left.map(|left| {
        view! { <p class="notice error" role="alert">{t_with("acs-wrong-code", &[("left", Arg::Number(left as i64))])}</p> }
    });
    view! {
        <main id="main">
            <section class="screen bank">
                <h1>{t("acs-title")}</h1>
                <p>{t("acs-text")}</p>
                {wrong}
                <form method="post" action=acs.action class="stack">
                    <input type="hidden" name="PaReq" value=acs.pa_req/>
                    <input type="hidden" name="MD" value=acs.md/>
                    <input type="hidden" name="TermUrl" value=acs.term_url/>
                    <label for="code">{t("acs-code")}</label>
                    <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required/>
                    <button type="submit" class="button primary wide" name="decision" value="submit">{t("acs-submit")}</button>
                    <button type="submit" class="link-button" name="decision" value="cancel" formnovalidate=true>{t("acs-cancel")}</button>
                </form>
            </section>
        </main>
    }
}

#[component]
pub fn BankBody(bank: BankView) -> impl IntoView {
    view! {
        <main id="main">
            <section class="screen bank">
                <h1>{t("bank-title")}</h1>
                <p>{t_with("bank-text", &[("amount", Arg::Text(bank.amount))])}</p>
                <form method="post" action=bank.action class="stack">
                    <input type="hidden" name="MD" value=bank.md/>
                    <input type="hidden" name="PaReq" value=bank.pa_req/>
                    <button type="submit" class="button primary wide" name="decision" value="approve">{t("bank-approve")}</button>
                    <button type="submit" class="button wide" name="decision" value="decline">{t("bank-decline")}</button>
                </form>
            </section>
        </main>
    }
}

#[component]
pub fn PostBackBody(post: PostBack, nonce: String) -> impl IntoView {
    view! {
        <main id="main">
            <section class="screen bank">
                <HandOff id="postback" method="post".to_string() action=post.action fields=post.fields nonce=nonce/>
            </section>
        </main>
    }
}
