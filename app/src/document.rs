//! Whole documents, rendered on the server (feature `ssr`).

use std::sync::Arc;

use leptos::nonce::Nonce;
use leptos::prelude::*;
use leptos::tachys::view::any_view::AnyView;

use crate::i18n::{Arg, I18n, t_with};
use crate::model::{AcsView, BankView, LanguageLink, PageChrome, PageContext, PaymentView, PostBack, ShopView};
use crate::pages::{
    AcsBody, BankBody, Footer, Header, NotFoundBody, PaymentBody, PostBackBody, ShopBody, UnavailableBody,
};

fn render(ctx: PageContext, i18n: I18n, body: impl FnOnce() -> (String, AnyView)) -> String {
    let owner = Owner::new_root(Some(Arc::new(hydration_context::SsrSharedContext::new())));
    let html = owner.with(|| {
        provide_context(i18n);
        provide_context(Nonce::from_value(ctx.nonce.clone()));
        let (title, body) = body();
        let refresh = ctx.refresh_s.map(|s| {
            view! {
                <noscript>
                    <meta http-equiv="refresh" content=s.to_string()/>
                </noscript>
            }
        });
        // The way back to the shop without JavaScript (with it, the page's script goes, and
        // the payer may choose to stay).
        let return_to = ctx.return_to.clone().map(|(seconds, url)| {
            view! { <noscript><meta http-equiv="refresh" content=format!("{seconds};url={url}")/></noscript> }
        });
        // Deferred: the page shows before the script runs.
        let scripts = ctx.scripts.clone().map(|s| {
            view! { <script defer=true src=s.page_js nonce=ctx.nonce.clone() data-rules=s.rules_wasm></script> }
        });
        view! {
            <!DOCTYPE html>
            <html lang=ctx.lang.clone() dir=ctx.dir.clone()>
                <head>
                    <meta charset="utf-8"/>
                    <meta name="viewport" content="width=device-width, initial-scale=1"/>
                    <meta name="color-scheme" content="light dark"/>
                    <title>{title}</title>
                    <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
                    <link rel="stylesheet" href=ctx.css_href.clone()/>
                    {ctx.theme_href.clone().map(|href| view! { <link rel="stylesheet" href=href/> })}
                    {refresh}
                    {return_to}
                    {scripts}
                </head>
                <body>
                    {ctx.sandbox.then(|| view! { <p class="sandbox-banner" role="note">{crate::i18n::t("sandbox-banner")}</p> })}
                    {leptos::tachys::html::InertElement::new(ctx.chrome.header(&ctx.path))}
                    {body}
                    {leptos::tachys::html::InertElement::new(ctx.chrome.footer.clone())}
                </body>
            </html>
        }
        .to_html()
    });
    drop(owner);
    html
}

/// Renders a fragment of a page in a language (outside any page).
fn fragment<V: IntoView + 'static>(i18n: I18n, view: impl FnOnce() -> V) -> String {
    let owner = Owner::new_root(Some(Arc::new(hydration_context::SsrSharedContext::new())));
    let html = owner.with(|| {
        provide_context(i18n);
        view().to_html()
    });
    drop(owner);
    html
}

/// The header of every page: the skip link, the brand and the language menu with `links`.
pub fn render_header(i18n: I18n, lang: &str, links: Vec<LanguageLink>) -> String {
    let lang = lang.to_string();
    fragment(i18n, move || view! { <Header languages=links lang=lang/> })
}

/// The header and footer of every page in `lang`, once ([`PageChrome`]). `languages`: each
/// language's code and name in itself, in the menu's order.
pub fn render_chrome(i18n: I18n, lang: &str, languages: &[(&str, &str)]) -> PageChrome {
    let links = languages
        .iter()
        .map(|(code, name)| LanguageLink {
            code: code.to_string(),
            name: name.to_string(),
            href: format!("{}?lang={code}", PageChrome::PATH),
        })
        .collect();
    let header = render_header(i18n.clone(), lang, links);
    PageChrome {
        header: header.split(PageChrome::PATH).map(str::to_string).collect(),
        footer: fragment(i18n, || view! { <Footer/> }),
    }
}

pub fn render_payment(ctx: PageContext, i18n: I18n, view: PaymentView) -> String {
    let nonce = ctx.nonce.clone();
    render(ctx, i18n, move || {
        let title = t_with("page-title", &[("amount", Arg::Text(view.amount.clone()))]);
        (title, view! { <PaymentBody view=view nonce=nonce/> }.into_any())
    })
}

pub fn render_not_found(ctx: PageContext, i18n: I18n) -> String {
    render(ctx, i18n, || (crate::i18n::t("not-found-title"), view! { <NotFoundBody/> }.into_any()))
}

pub fn render_unavailable(ctx: PageContext, i18n: I18n) -> String {
    render(ctx, i18n, || (crate::i18n::t("unavailable-title"), view! { <UnavailableBody/> }.into_any()))
}

pub fn render_shop(ctx: PageContext, i18n: I18n, shop: ShopView) -> String {
    render(ctx, i18n, || (crate::i18n::t("shop-title"), view! { <ShopBody shop=shop/> }.into_any()))
}

pub fn render_acs(ctx: PageContext, i18n: I18n, acs: AcsView) -> String {
    render(ctx, i18n, || (crate::i18n::t("acs-title"), view! { <AcsBody acs=acs/> }.into_any()))
}

pub fn render_bank(ctx: PageContext, i18n: I18n, bank: BankView) -> String {
    render(ctx, i18n, || (crate::i18n::t("bank-title"), view! { <BankBody bank=bank/> }.into_any()))
}

pub fn render_post_back(ctx: PageContext, i18n: I18n, post: PostBack) -> String {
    let nonce = ctx.nonce.clone();
    render(ctx, i18n, move || {
        (crate::i18n::t("threeds-title"), view! { <PostBackBody post=post nonce=nonce/> }.into_any())
    })
}

/// A console page (operator or merchant): the frame and the page's blocks. No scripts: every
/// console page works as plain HTML forms.
/// A live page's refresh: every EVERY ms, unless the tab is hidden or the person is in the
/// page's main part (focus in it, or text selected to copy), the page is read again and its navigation and main part replaced (the counts
/// and lists change, what the person is typing does not). Without JavaScript the page says
/// when it was read and links to itself.
const LIVE_SCRIPT: &str = "(function(){function busy(){var a=document.activeElement,m=document.getElementById('main');\
return !!(a&&a!==document.body&&m&&m.contains(a))||String(getSelection())!==''}\
setInterval(function(){if(document.hidden||busy())return;fetch(location.href,{credentials:'same-origin'})\
.then(function(r){return r.ok&&!r.redirected?r.text():null}).then(function(h){if(!h||busy())return;\
var d=new DOMParser().parseFromString(h,'text/html');['main','.console-top nav'].forEach(function(q){\
var n=d.querySelector(q),o=document.querySelector(q);if(n&&o)o.replaceWith(n)})}).catch(function(){})},EVERY)})();";

pub fn render_console(frame: crate::model::ConsoleFrame, blocks: Vec<crate::model::Block>) -> String {
    use crate::console::{BlockView, ConsoleHeader};
    let owner = Owner::new_root(Some(Arc::new(hydration_context::SsrSharedContext::new())));
    let html = owner.with(|| {
        let title = frame.title.clone();
        // One text node: several would be written with `<!>` markers, which a tab shows.
        let tab_title = format!("{title} · {}", frame.console_name);
        let notice = frame.notice.clone();
        let lang = frame.lang.clone();
        let css = frame.css_href.clone();
        let refresh = frame.refresh_s.map(|s| {
            let nonce = frame.nonce.clone();
            let code = LIVE_SCRIPT.replace("EVERY", &(s * 1000).to_string());
            // Raw: a script's text is not HTML, so it must not be escaped as HTML.
            view! { <script nonce=nonce inner_html=code></script> }
        });
        view! {
            <!DOCTYPE html>
            <html lang=lang>
                <head>
                    <meta charset="utf-8"/>
                    <meta name="viewport" content="width=device-width, initial-scale=1"/>
                    <meta name="color-scheme" content="light dark"/>
                    <meta name="robots" content="noindex"/>
                    <title>{tab_title}</title>
                    <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
                    <link rel="stylesheet" href=css/>
                </head>
                <body class="console">
                    <ConsoleHeader frame=frame/>
                    <main id="main">
                        <h1>{title}</h1>
                        {notice.map(|n| {
                            let class = if n.error { "notice error" } else { "notice ok" };
                            let role = if n.error { "alert" } else { "status" };
                            view! { <p class=class role=role>{n.text}</p> }
                        })}
                        {blocks.into_iter().map(|b| view! { <BlockView block=b/> }).collect_view()}
                    </main>
                    {refresh}
                </body>
            </html>
        }
        .to_html()
    });
    drop(owner);
    html
}
