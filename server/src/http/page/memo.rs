//! The payment page written once per view model: a payer's page is read again and again (the
//! reload of a waiting screen, the status script's page fetch) while nothing it shows changes.
//! Each view still reads the payment as it is now; only the writing of the same view model
//! into HTML is done once. The model is the key, whole: a payment's new version, another
//! language, a new notice or a minute less on the clock is another page.
//!
//! What differs between two views of one model is the response's CSP nonce, the payer's CSRF
//! token and the seconds left: the page is rendered with stand-ins for them (random per
//! process, so no merchant's text can hold one) and they are put in per view.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use app::i18n::I18n;
use app::model::{PageContext, PaymentView, escape_attribute};
use rand::Rng;

/// Pages kept: each is about 12 KB, so at most a few megabytes.
const MAX_PAGES: usize = 512;

/// What is put in per view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hole {
    Nonce,
    Csrf,
    SecondsLeft,
}

/// A rendered page cut where the per-view values go.
#[derive(Debug)]
struct Template {
    /// Text before each hole; the last part has no hole after it.
    parts: Vec<(String, Option<Hole>)>,
    len: usize,
}

impl Template {
    fn cut(html: &str, stand_ins: &StandIns) -> Template {
        let needles = [
            (stand_ins.nonce.as_str(), Hole::Nonce),
            (stand_ins.csrf.as_str(), Hole::Csrf),
            (stand_ins.seconds_text.as_str(), Hole::SecondsLeft),
        ];
        let mut parts = Vec::new();
        let mut rest = html;
        loop {
            let next = needles
                .iter()
                .filter_map(|(needle, hole)| rest.find(needle).map(|at| (at, needle.len(), *hole)))
                .min_by_key(|(at, _, _)| *at);
            match next {
                Some((at, len, hole)) => {
                    parts.push((rest[..at].to_string(), Some(hole)));
                    rest = &rest[at + len..];
                }
                None => {
                    parts.push((rest.to_string(), None));
                    break;
                }
            }
        }
        Template { len: html.len(), parts }
    }

    fn fill(&self, nonce: &str, csrf: &str, seconds_left: &str) -> String {
        let mut out = String::with_capacity(self.len + 128);
        for (text, hole) in &self.parts {
            out.push_str(text);
            match hole {
                Some(Hole::Nonce) => out.push_str(&escape_attribute(nonce)),
                Some(Hole::Csrf) => out.push_str(&escape_attribute(csrf)),
                Some(Hole::SecondsLeft) => out.push_str(seconds_left),
                None => {}
            }
        }
        out
    }
}

/// This process's stand-ins for the per-view values.
#[derive(Debug)]
struct StandIns {
    nonce: String,
    csrf: String,
    seconds: i64,
    seconds_text: String,
}

impl StandIns {
    fn new() -> StandIns {
        let mut rng = rand::thread_rng();
        let word = |rng: &mut rand::rngs::ThreadRng| -> String {
            (0..24).map(|_| char::from(b'a' + rng.gen_range(0..26u8))).collect()
        };
        // Eighteen digits: more than any real number of seconds, and no other number on the page.
        let seconds = rng.gen_range(100_000_000_000_000_000..900_000_000_000_000_000i64);
        StandIns {
            nonce: format!("n{}", word(&mut rng)),
            csrf: format!("c{}", word(&mut rng)),
            seconds,
            seconds_text: seconds.to_string(),
        }
    }
}

/// Payment pages already written, by view model.
#[derive(Debug)]
pub struct PageMemo {
    stand_ins: StandIns,
    /// Hashed with foldhash (seeded per process): a view hashes its whole model, and the map
    /// holds at most [`MAX_PAGES`], so SipHash's resistance to chosen collisions buys nothing.
    pages: Mutex<HashMap<PageKey, Arc<Template>, foldhash::fast::RandomState>>,
}

impl Default for PageMemo {
    fn default() -> Self {
        PageMemo { stand_ins: StandIns::new(), pages: Mutex::new(HashMap::default()) }
    }
}

impl PageMemo {
    /// The payment page of `view` in `ctx`, as `app::document::render_payment` writes it.
    pub fn render(&self, mut ctx: PageContext, i18n: I18n, mut view: PaymentView) -> String {
        // "Time is up" is shown instead of the minutes: rare, and written as it is.
        if view.seconds_left <= 0 {
            return app::document::render_payment(ctx, i18n, view);
        }
        let nonce = std::mem::replace(&mut ctx.nonce, self.stand_ins.nonce.clone());
        let csrf = std::mem::replace(&mut view.csrf, self.stand_ins.csrf.clone());
        let seconds_left = std::mem::replace(&mut view.seconds_left, self.stand_ins.seconds).to_string();
        let key = PageKey { ctx, view };
        let known = self.pages.lock().unwrap_or_else(|e| e.into_inner()).get(&key).cloned();
        let template = match known {
            Some(template) => template,
            None => {
                let html = app::document::render_payment(key.ctx.clone(), i18n, key.view.clone());
                let template = Arc::new(Template::cut(&html, &self.stand_ins));
                let mut pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
                if pages.len() >= MAX_PAGES {
                    // Crude but bounded: the pages being looked at now come back on their next view.
                    pages.clear();
                }
                pages.insert(key, template.clone());
                template
            }
        };
        template.fill(&nonce, &csrf, &seconds_left)
    }
}

/// Everything a page is written from (with the stand-ins in it). The language's header and
/// footer are compared by where they live (made once per language at start), not by their
/// text; the texts come with the language.
#[derive(Debug)]
struct PageKey {
    ctx: PageContext,
    view: PaymentView,
}

impl PageKey {
    /// The context's fields, each once: a field added to `PageContext` fails to compile here
    /// until it is part of the key.
    #[allow(clippy::type_complexity)]
    fn parts(
        &self,
    ) -> (
        (&str, &Option<String>, usize, &str, &str, &str),
        (&Option<String>, &Option<app::model::Scripts>, &Option<u32>, bool, &Option<(u32, String)>),
    ) {
        let PageContext {
            lang,
            dir,
            chrome,
            path,
            nonce,
            css_href,
            theme_href,
            scripts,
            refresh_s,
            sandbox,
            return_to,
        } = &self.ctx;
        (
            (lang, dir, Arc::as_ptr(chrome) as usize, path, nonce, css_href),
            (theme_href, scripts, refresh_s, *sandbox, return_to),
        )
    }
}

impl PartialEq for PageKey {
    fn eq(&self, other: &Self) -> bool {
        self.view == other.view && self.parts() == other.parts()
    }
}

impl Eq for PageKey {}

impl std::hash::Hash for PageKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
        self.view.hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use app::model::{InstructionKind, Instructions, Notice, ReceiptOffer, SandboxAction, Screen, Scripts};

    fn ctx(locales: &crate::i18n::Locales, lang: &str, nonce: &str) -> PageContext {
        PageContext {
            lang: lang.to_string(),
            dir: crate::i18n::is_rtl(lang).then(|| "rtl".to_string()),
            chrome: locales.chrome(lang),
            path: "/pay/tok".into(),
            nonce: nonce.into(),
            css_href: "/pkg/kassa.css?v=1".into(),
            theme_href: None,
            scripts: Some(Scripts { page_js: "/pkg/page.js?v=1".into(), rules_wasm: None }),
            refresh_s: Some(4),
            sandbox: true,
            return_to: None,
        }
    }

    fn view(lang: &str, csrf: &str, seconds_left: i64, screen: Screen) -> PaymentView {
        PaymentView {
            base: "/pay/tok".into(),
            lang: lang.into(),
            csrf: csrf.into(),
            amount: "1 500,00 RUB".into(),
            amount_copy: "1500,00".into(),
            description: Some("Order <42> & \"more\"".into()),
            payee: "Shop".into(),
            logo_src: None,
            screen,
            seconds_left,
            minutes_left: app::model::minutes_left(seconds_left),
            redirect_url: Some("https://shop.example/".into()),
            state_key: "pending:awaiting_confirm".into(),
            version: 3,
            is_final: false,
            can_cancel: true,
            cancel_asked: false,
            can_change_method: true,
            record: None,
            return_in_s: None,
            print: false,
            receipt: Some(ReceiptOffer::Form),
            notice: Some(Notice { key: "notice-copied".into(), error: false }),
            sandbox: vec![SandboxAction { action: "received".into(), label_key: "sandbox-received".into() }],
            embed: Some("{\"origins\":[]}".into()),
        }
    }

    fn instructions() -> Screen {
        Screen::Instructions(Instructions {
            kind: InstructionKind::Card,
            value: "5536913812345672".into(),
            display_value: "5536 9138 1234 5672".into(),
            holder: Some("IVAN PETROV".into()),
            bank: Some("Sberbank".into()),
            bank_code: None,
            correspondent_account: None,
            qr_src: None,
        })
    }

    /// Base64 with every character class a nonce or token holds.
    const NONCE_A: &str = "aB3+/xYz09AbCdEfGhIjKw";
    const NONCE_B: &str = "Zz9+/qQ0ab12cd34ef56gh";

    #[test]
    fn a_remembered_page_is_the_page_written_afresh() {
        let locales = crate::i18n::Locales::load();
        let memo = PageMemo::default();
        let screens = [instructions(), Screen::Searching { busy: true }, Screen::CardForm(Default::default())];
        for lang in ["en", "ar", "ru"] {
            for screen in &screens {
                // The first view writes the page, the second takes it from the memo with its
                // own nonce, token and seconds: both as the page written afresh.
                for (nonce, csrf, seconds) in [(NONCE_A, "tokA.1-_x", 1795), (NONCE_B, "tokB.2-_y", 1790)] {
                    let fresh = app::document::render_payment(
                        ctx(&locales, lang, nonce),
                        locales.i18n(lang),
                        view(lang, csrf, seconds, screen.clone()),
                    );
                    let memo_page = memo.render(
                        ctx(&locales, lang, nonce),
                        locales.i18n(lang),
                        view(lang, csrf, seconds, screen.clone()),
                    );
                    assert!(memo_page == fresh, "{lang} {screen:?}: the remembered page differs from the fresh one");
                    assert!(
                        fresh.contains(nonce) && fresh.contains(&seconds.to_string()),
                        "the values are on the page"
                    );
                }
            }
        }
        assert_eq!(memo.pages.lock().unwrap().len(), 9, "one page per language and screen");
    }

    #[test]
    fn another_model_is_another_page() {
        let locales = crate::i18n::Locales::load();
        let memo = PageMemo::default();
        let fresh = |v: PaymentView| app::document::render_payment(ctx(&locales, "en", NONCE_A), locales.i18n("en"), v);
        let page = |v: PaymentView| memo.render(ctx(&locales, "en", NONCE_A), locales.i18n("en"), v);
        let first = page(view("en", "t", 1795, instructions()));
        let mut paid = view("en", "t", 1795, Screen::Success);
        paid.version = 4;
        paid.is_final = true;
        assert_eq!(page(paid.clone()), fresh(paid), "a new version is written again");
        // Five minutes less on the clock changes the text ("about 25 minutes"), not only the
        // seconds: the page is written again, not filled in.
        let later = page(view("en", "t", 1500, instructions()));
        assert_eq!(later, fresh(view("en", "t", 1500, instructions())));
        assert_ne!(later.replace("1500", "1795"), first, "the minutes differ");
        assert_eq!(memo.pages.lock().unwrap().len(), 3);
    }

    #[test]
    fn time_up_is_written_as_it_is() {
        let locales = crate::i18n::Locales::load();
        let memo = PageMemo::default();
        let v = view("en", "t", 0, instructions());
        let fresh = app::document::render_payment(ctx(&locales, "en", NONCE_A), locales.i18n("en"), v.clone());
        assert_eq!(memo.render(ctx(&locales, "en", NONCE_A), locales.i18n("en"), v), fresh);
        assert!(memo.pages.lock().unwrap().is_empty());
    }

    #[test]
    fn the_memo_stays_bounded() {
        let locales = crate::i18n::Locales::load();
        let memo = PageMemo::default();
        for version in 0..(MAX_PAGES as i64 + 10) {
            let mut v = view("en", "t", 1795, Screen::Searching { busy: false });
            v.version = version;
            memo.render(ctx(&locales, "en", NONCE_A), locales.i18n("en"), v);
        }
        assert!(memo.pages.lock().unwrap().len() <= MAX_PAGES);
    }
}
