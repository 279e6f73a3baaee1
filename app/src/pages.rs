//! Server-rendered parts of the pages. Every text is looked up with [`t`]; every value the
//! merchant or the user gave is inserted as text, which Leptos escapes.

use leptos::prelude::*;

use crate::i18n::{Arg, t, t_with};
use crate::islands::{CardFormHelper, CopyButton, Countdown, LiveStatus};
use crate::model::*;

/// Hidden fields every form of the payment page carries.
#[component]
fn FormFields(csrf: String, lang: String) -> impl IntoView {
    view! {
        <input type="hidden" name="csrf" value=csrf/>
        <input type="hidden" name="lang" value=lang/>
    }
}

#[component]
pub fn Header(languages: Vec<LanguageLink>, lang: String) -> impl IntoView {
    let current = languages.iter().find(|l| l.code == lang).map(|l| l.name.clone()).unwrap_or_default();
    view! {
        <a class="skip" href="#main">{t("skip-to-content")}</a>
        <header class="top">
            <span class="brand">{t("brand")}</span>
            <details class="languages">
                <summary>
                    <span class="visually-hidden">{t("language")} ": "</span>
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

/// One requisite value with its copy button.
#[component]
fn Value(label_key: &'static str, display: String, value: String, #[prop(optional)] mono: bool) -> impl IntoView {
    let label = t(label_key);
    let aria = t_with("copy-value", &[("what", Arg::Text(label.to_lowercase()))]);
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

#[component]
fn InstructionsScreen(i: Instructions, view: PaymentView) -> impl IntoView {
    let (text_key, label_key) = match i.kind {
        InstructionKind::Card => ("instructions-card", "field-card-number"),
        InstructionKind::Phone => ("instructions-phone", "field-phone"),
        InstructionKind::Account => ("instructions-account", "field-account"),
        InstructionKind::Link => ("instructions-link", "field-link"),
        InstructionKind::Qr => ("instructions-qr", "field-link"),
        InstructionKind::Ussd => ("instructions-ussd", "field-ussd"),
    };
    let amount = view.amount.clone();
    let link = matches!(i.kind, InstructionKind::Link | InstructionKind::Qr).then(|| i.value.clone());
    let ussd = (i.kind == InstructionKind::Ussd).then(|| format!("tel:{}", i.value.replace('#', "%23")));
    let qr = i.qr_src.clone();
    view! {
        <h1>{t("instructions-title")}</h1>
        <p>{t(text_key)}</p>
        {qr.map(|src| view! { <img class="qr" src=src alt=t("qr-alt") width="232" height="232"/> })}
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
        <dl class="requisites">
            <Value label_key=label_key display=i.display_value.clone() value=i.value.clone() mono=true/>
            {i.holder.clone().map(|h| view! { <div class="row"><dt>{t("field-holder")}</dt><dd><span class="value">{h}</span></dd></div> })}
            {i.bank.clone().map(|b| view! { <div class="row"><dt>{t("field-bank")}</dt><dd><span class="value">{b}</span></dd></div> })}
            <Value label_key="field-amount" display=amount.clone() value=view.amount_copy.clone()/>
        </dl>
        <p class="note">{t_with("instructions-exact-amount", &[("amount", Arg::Text(amount))])}</p>
        <form method="post" action=format!("{}/confirm", view.base) class="stack">
            <FormFields csrf=view.csrf.clone() lang=view.lang.clone()/>
            <button type="submit" class="button primary wide">{t("i-have-paid")}</button>
            <p class="hint">{t("i-have-paid-hint")}</p>
        </form>
    }
}

#[component]
fn ReceiptForm(view: PaymentView) -> impl IntoView {
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
        </section>
    }
}

#[component]
fn CardFormScreen(form: CardForm, view: PaymentView) -> impl IntoView {
    let error = |field: &str| form.errors.iter().find(|(f, _)| f == field).map(|(_, key)| t(key));
    let described = |field: &str, has: bool| has.then(|| format!("{field}-error"));
    let (pan_e, exp_e, holder_e, cvv_e) = (error("pan"), error("expiry"), error("holder"), error("cvv"));
    let pay = t_with("card-pay", &[("amount", Arg::Text(view.amount.clone()))]);
    view! {
        <h1>{t("card-title")}</h1>
        <CardFormHelper
            form_id="card-form".to_string()
            msg_number=t("card-error-number")
            msg_expiry=t("card-error-expiry")
            msg_holder=t("card-error-holder")
            msg_cvv=t("card-error-cvv")
        />
        <form id="card-form" method="post" action=format!("{}/card", view.base) class="stack card-form" novalidate=true>
            <FormFields csrf=view.csrf.clone() lang=view.lang.clone()/>
            <label for="pan">{t("card-number")}</label>
            <input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" maxlength="23" required
                aria-invalid=pan_e.is_some().then_some("true") aria-describedby=described("pan", pan_e.is_some())/>
            {pan_e.map(|e| view! { <p class="field-error" id="pan-error">{e}</p> })}
            <fieldset class="inline">
                <legend>{t("card-expiry")}</legend>
                <label for="exp_month">{t("card-month")}</label>
                <input id="exp_month" name="exp_month" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" placeholder="MM" required
                    aria-invalid=exp_e.is_some().then_some("true") aria-describedby=described("expiry", exp_e.is_some())/>
                <label for="exp_year">{t("card-year")}</label>
                <input id="exp_year" name="exp_year" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" placeholder="YYYY" required
                    aria-invalid=exp_e.is_some().then_some("true")/>
            </fieldset>
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
    let v = view.clone();
    let seconds_left = ((view.expires_at_ms - view.now_ms) / 1000).max(0);
    let minutes = ((seconds_left + 59) / 60).max(1);
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
                view! { <p><a class="button wide" href=href rel="noreferrer">{t("back-to-shop")}</a></p> }
            },
        );
    let screen = match view.screen.clone() {
        Screen::ChooseMethod { methods } => view! {
            <h1>{t("choose-method-title")}</h1>
            <p>{t("choose-method-hint")}</p>
            <form method="post" action=format!("{}/method", v.base)>
                <FormFields csrf=v.csrf.clone() lang=v.lang.clone()/>
                <ul class="methods">
                    {methods.into_iter().map(|m| {
                        let label = t(&format!("method-{m}"));
                        view! { <li><button type="submit" class="method" name="method" value=m>{label}</button></li> }
                    }).collect_view()}
                </ul>
            </form>
        }
        .into_any(),
        Screen::Searching => view! {
            <h1>{t("searching-title")}</h1>
            <p>{t("searching-text")}</p>
            <div class="spinner" aria-hidden="true"></div>
            <p class="hint">{t("updating")}</p>
        }
        .into_any(),
        Screen::Instructions(i) => view! { <InstructionsScreen i=i view=v.clone()/> }.into_any(),
        Screen::Checking => view! {
            <h1>{t("checking-title")}</h1>
            <p>{t("checking-text")}</p>
            <div class="spinner" aria-hidden="true"></div>
            <p class="hint">{t("updating")}</p>
        }
        .into_any(),
        Screen::Push => view! {
            <h1>{t("push-title")}</h1>
            <p>{t_with("push-text", &[("amount", Arg::Text(v.amount.clone()))])}</p>
            <div class="spinner" aria-hidden="true"></div>
            <p class="hint">{t("updating")}</p>
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
        Screen::Success => view! {
            <div class="result ok" aria-hidden="true">"✓"</div>
            <h1>{t("success-title")}</h1>
            <p>{t("success-text")}</p>
        }
        .into_any(),
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
    let receipt = view.receipt_form.then(|| view! { <ReceiptForm view=v.clone()/> });
    let cancel = view.can_cancel.then(|| {
        view! {
            <form method="post" action=format!("{}/cancel", v.base) class="cancel">
                <FormFields csrf=v.csrf.clone() lang=v.lang.clone()/>
                <button type="submit" class="link-button">{t("cancel-payment")}</button>
            </form>
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
    view! {
        <main id="main">
            <section class="summary">
                <p class="label">{t("amount-label")}</p>
                <p class="amount">{view.amount.clone()}</p>
                {description.map(|d| view! { <p class="description"><span class="visually-hidden">{t("description-label")} ": "</span>{d}</p> })}
                {countdown}
            </section>
            {notice}
            <section class="screen">{screen}</section>
            {receipt}
            {back}
            {cancel}
            {sandbox}
        </main>
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
    let error = shop.error.clone().map(|reason| {
        view! { <p class="notice error" role="alert">{t_with("shop-error", &[("reason", Arg::Text(reason))])}</p> }
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
