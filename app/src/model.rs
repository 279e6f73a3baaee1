//! View models: everything a page shows, prepared by the server.

/// What every page needs.
#[derive(Clone, Debug)]
pub struct PageContext {
    /// Language of the page (`<html lang>`).
    pub lang: String,
    /// `rtl` for languages written right to left (`<html dir>`).
    pub dir: Option<String>,
    /// The header and footer of the page's language, rendered once ([`PageChrome`]).
    pub chrome: std::sync::Arc<PageChrome>,
    /// The page's path, which each language link of the header names.
    pub path: String,
    /// CSP nonce of this response.
    pub nonce: String,
    /// Stylesheet URL.
    pub css_href: String,
    /// The project's brand stylesheet (its colour), after Kassa's.
    pub theme_href: Option<String>,
    /// The browser bundle (`None` when it is not built: the page works without it).
    pub scripts: Option<Scripts>,
    /// Reload after this many seconds when JavaScript is off (waiting screens).
    pub refresh_s: Option<u32>,
    /// Sandbox mode: every page says so.
    pub sandbox: bool,
    /// Go to this address after this many seconds, with or without JavaScript (the success
    /// screen's way back to the shop).
    pub return_to: Option<(u32, String)>,
}

/// What every page of one language shows around its body: the header with the language menu,
/// and the footer. Nothing in them changes between views but the page's path in the language
/// links, so they are rendered once per language (with Leptos, as the rest of the page) and
/// the path is put in per view: 23 links built and escaped on every view were a tenth of the
/// page's render time (docs/PERFORMANCE.md).
#[derive(Debug, PartialEq, Eq)]
pub struct PageChrome {
    /// The header cut where a language link names the page's path.
    pub header: Vec<String>,
    pub footer: String,
}

impl PageChrome {
    /// Stands for the page's path in the header while it is rendered: a private-use character
    /// that no text or attribute of the header holds, and that escaping leaves as it is.
    pub const PATH: char = '\u{E000}';

    /// The header of a page at `path`.
    pub fn header(&self, path: &str) -> String {
        // `path` goes into `href="…"` attributes; pages' paths are plain, but escape anyway.
        let path = escape_attribute(path);
        let mut out = String::with_capacity(self.header.iter().map(String::len).sum::<usize>() + 32 * path.len());
        for (i, part) in self.header.iter().enumerate() {
            if i > 0 {
                out.push_str(&path);
            }
            out.push_str(part);
        }
        out
    }
}

/// A value put into a rendered page's `attr="…"` by hand, escaped as the page escapes it.
pub fn escape_attribute(value: &str) -> std::borrow::Cow<'_, str> {
    if !value.contains(['&', '"', '<']) {
        return std::borrow::Cow::Borrowed(value);
    }
    value.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").into()
}

#[derive(Clone, Debug)]
pub struct LanguageLink {
    pub code: String,
    pub name: String,
    pub href: String,
}

/// The page's script (content-hashed URL) and, when built, the card rules' browser module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scripts {
    pub page_js: String,
    pub rules_wasm: Option<String>,
}

/// The hosted payment page of one payment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PaymentView {
    /// Base path of this payment's page and its forms: `/pay/{token}`.
    pub base: String,
    pub lang: String,
    pub csrf: String,
    /// Amount in major units with the currency (`1 500,00 RUB`).
    pub amount: String,
    /// The amount as typed into a banking app (`1500,00`).
    pub amount_copy: String,
    pub description: Option<String>,
    /// Whom the payer pays (the project's display name, or the merchant's name).
    pub payee: String,
    /// The project's logo, when it has one.
    pub logo_src: Option<String>,
    pub screen: Screen,
    /// Seconds until the payment's lifetime ends (0 when it has), and the same in whole
    /// minutes as the page writes them ([`minutes_left`]).
    pub seconds_left: i64,
    pub minutes_left: i64,
    pub redirect_url: Option<String>,
    /// `status:sub_status` and version, for live updates.
    pub state_key: String,
    pub version: i64,
    pub is_final: bool,
    pub can_cancel: bool,
    /// The payer asked to cancel: the page asks once more (`?cancel=ask`).
    pub cancel_asked: bool,
    /// "Choose another way to pay" is offered.
    pub can_change_method: bool,
    /// What happened, on a final or dispute screen.
    pub record: Option<PaymentRecord>,
    /// Seconds until the success screen returns to the shop by itself.
    pub return_in_s: Option<u32>,
    /// The print / save view of the record.
    pub print: bool,
    /// How the receipt upload is offered, when the state allows one.
    pub receipt: Option<ReceiptOffer>,
    pub notice: Option<Notice>,
    /// Sandbox controls (empty outside sandbox mode).
    pub sandbox: Vec<SandboxAction>,
    /// When sites may frame the page: `{origins, message}` as a JavaScript literal, for the
    /// script that tells the parent the status (docs/EMBEDDING.md).
    pub embed: Option<String>,
}

/// The minutes a page shows for `seconds_left`: rounded up, and never "0 minutes" while any
/// time is left.
pub fn minutes_left(seconds_left: i64) -> i64 {
    ((seconds_left.max(0) + 59) / 60).max(1)
}

/// The receipt upload on the payment page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReceiptOffer {
    /// The form, on a page that does not reload by itself.
    Form,
    /// The form on its own view (`?view=receipt`), with the way back to the status: the
    /// status page reloads every few seconds without JavaScript, which would clear a file
    /// being chosen.
    OwnView,
    /// A link to that view, on a page that reloads by itself.
    Link,
}

/// The record a final screen shows: what was paid, when, how, to whom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PaymentRecord {
    /// The payment reference (`request_id`).
    pub reference: String,
    /// Date and time of the outcome, as the payer reads it (with the time zone).
    pub at: String,
    /// The method's text key (`method-...`), when one was chosen.
    pub method_key: Option<String>,
    /// The card's last four digits, where a card paid.
    pub card_last4: Option<String>,
    /// Text key of the outcome ("Paid", "Not paid", ...).
    pub outcome_key: String,
    /// Text key of what to do next.
    pub next_key: String,
}

/// A one-time message after a form post.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Notice {
    pub key: String,
    pub error: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SandboxAction {
    pub action: String,
    pub label_key: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Several widget methods and none chosen yet.
    ChooseMethod {
        /// (method code, icon name), the most used first.
        methods: Vec<(String, String)>,
    },
    /// Looking for requisites; `busy` when none is free right now (the page says so at once).
    Searching {
        busy: bool,
    },
    Instructions(Instructions),
    /// The user confirmed; waiting for the funds. The payment details stay on screen (a
    /// payer who pressed too early can still pay).
    Checking {
        details: Option<Instructions>,
    },
    /// KE mobile money: approve the push on the phone. Without a phone the page asks for one;
    /// "send again" waits `again_in_s` seconds when set.
    Push {
        phone: Option<String>,
        again_in_s: Option<i64>,
    },
    CardForm(CardForm),
    /// Hand-off to the issuer's 3DS page.
    ThreeDs(ThreeDs),
    /// Hand-off to the bank's redirect page.
    Redirect(Redirect),
    Success,
    Declined {
        reason_key: String,
    },
    Expired,
    Dispute {
        text_key: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstructionKind {
    Card,
    Phone,
    Account,
    Link,
    Qr,
    Ussd,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instructions {
    pub kind: InstructionKind,
    /// Card, phone or account number, link or USSD string.
    pub value: String,
    /// The value as displayed (card numbers grouped by four).
    pub display_value: String,
    pub holder: Option<String>,
    pub bank: Option<String>,
    /// A bank account's bank code (a Russian BIK) and correspondent account.
    pub bank_code: Option<String>,
    pub correspondent_account: Option<String>,
    /// The QR image (QR kinds).
    pub qr_src: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardForm {
    /// Message keys of the fields that failed, by field name.
    pub errors: Vec<(String, String)>,
    pub holder: String,
    /// The last card was refused: the reason's text key and how many cards may still be tried.
    pub refused: Option<(String, u32)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ThreeDs {
    pub acs_url: String,
    pub pa_req: String,
    pub md: String,
    pub term_url: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Redirect {
    pub method: String,
    pub url: String,
    pub fields: Vec<(String, String)>,
}

/// The demo shop.
#[derive(Clone, Debug)]
pub struct ShopView {
    pub csrf: String,
    /// (value, label) of the country/method choices.
    pub options: Vec<(String, String)>,
    /// Why the last checkout was refused: a message key, and the service's own words when it
    /// refused the payment.
    pub error: Option<(String, Option<String>)>,
}

/// The sandbox issuer's one-time-code page.
#[derive(Clone, Debug)]
pub struct AcsView {
    pub action: String,
    pub pa_req: String,
    pub md: String,
    pub term_url: String,
    pub attempts_left: Option<u32>,
}

/// The sandbox bank page of the redirect flow.
#[derive(Clone, Debug)]
pub struct BankView {
    pub action: String,
    pub amount: String,
    pub md: String,
    pub pa_req: String,
}

/// A page that posts fields to another site (the issuer's answer to `TermUrl`).
#[derive(Clone, Debug)]
pub struct PostBack {
    pub action: String,
    pub fields: Vec<(String, String)>,
}

// ---------------------------------------------------------------------------------------------
// The consoles (operator, merchant): one frame, pages made of blocks. The server fills them
// with texts already translated, so both consoles share every component.

/// What every console page shows around its content.
#[derive(Clone, Debug, Default)]
pub struct ConsoleFrame {
    pub lang: String,
    /// The `<title>` and the page's heading.
    pub title: String,
    /// "Kassa · Operator console".
    pub console_name: String,
    /// Link of the console's home.
    pub home: String,
    pub nav: Vec<NavLink>,
    /// The login of the signed-in user, with the logout form (none on the login page).
    pub user: Option<ConsoleUserBar>,
    pub notice: Option<ConsoleNotice>,
    pub languages: Vec<LanguageLink>,
    pub language_label: String,
    pub skip_label: String,
    pub nonce: String,
    pub css_href: String,
    /// Seconds between the page refreshing its main part by itself (with JavaScript), when it
    /// shows work that arrives on its own (the queue).
    pub refresh_s: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct NavLink {
    pub href: String,
    pub label: String,
    pub current: bool,
    /// How much waits behind the link: the number, and it said in words ("7 waiting").
    pub count: Option<(i64, String)>,
}

#[derive(Clone, Debug)]
pub struct ConsoleUserBar {
    pub login: String,
    pub signed_in_as: String,
    pub logout: ActionForm,
}

#[derive(Clone, Debug)]
pub struct ConsoleNotice {
    pub text: String,
    pub error: bool,
}

/// A part of a console page.
#[derive(Clone, Debug)]
pub enum Block {
    Heading(String),
    Paragraph(String),
    /// Label and value pairs.
    Facts(Vec<(String, Cell)>),
    Table(Table),
    Form(ActionForm),
    /// Several forms side by side (the actions on one thing).
    Actions(Vec<ActionForm>),
    Timeline(Vec<TimelineItem>),
    /// An image shown inline (a receipt), with a link to it.
    Image {
        src: String,
        alt: String,
    },
    /// A chart drawn as SVG on the server, with its numbers in the table beside it.
    Chart(Chart),
    /// A link that looks like a button: a way out that does nothing ("Cancel").
    Link {
        href: String,
        text: String,
    },
    /// A choice among views of the same page (a period), as links; the current one marked.
    Choices {
        label: String,
        /// Link, text, whether it is the page shown.
        links: Vec<(String, String, bool)>,
    },
    /// A group of blocks under a heading (a card on the page).
    Section {
        heading: String,
        id: String,
        blocks: Vec<Block>,
    },
    /// A section folded under its heading until opened (a form used now and then, kept out of
    /// the way of the list below it); `open` unfolds it (a refused form coming back).
    Folded {
        heading: String,
        id: String,
        open: bool,
        blocks: Vec<Block>,
    },
}

#[derive(Clone, Debug)]
pub struct Table {
    pub caption: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    /// Shown instead of the table when it has no rows.
    pub empty: String,
}

#[derive(Clone, Debug)]
pub enum Cell {
    Text(String),
    /// Text that may hold long unbroken runs (a changed setting, a URL, a masked account):
    /// broken anywhere rather than widening its table past the page.
    Wrap(String),
    Mono(String),
    /// A masked card, phone or account number (`2200********4374`): monospace, and kept on one
    /// line up to a card number's length where the page is wide enough for a table.
    Masked(String),
    Number(String),
    Link {
        href: String,
        text: String,
    },
    Status {
        text: String,
        tone: Tone,
    },
    Forms(Vec<ActionForm>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Neutral,
    Good,
    Bad,
    Waiting,
}

/// A form: a search (GET) or an action (POST, with the CSRF token).
#[derive(Clone, Debug)]
pub struct ActionForm {
    pub action: String,
    pub post: bool,
    pub submit: String,
    pub fields: Vec<FormField>,
    pub danger: bool,
    /// Laid out in one line (table cells, filters).
    pub inline: bool,
    /// The accessible name of the form.
    pub label: Option<String>,
}

#[derive(Clone, Debug)]
pub struct FormField {
    pub name: String,
    pub label: String,
    pub kind: FieldKind,
    pub value: String,
    pub required: bool,
    /// `autocomplete` token (`username`, `current-password`, `off`).
    pub autocomplete: Option<String>,
    pub hint: Option<String>,
    /// What is wrong with the value given (a refused form), shown beside the field.
    pub error: Option<String>,
}

#[derive(Clone, Debug)]
pub enum FieldKind {
    Hidden,
    Text,
    /// Several lines (a pasted PEM key).
    TextArea,
    Password,
    /// Whole minor units or major units with decimals, typed on a numeric keyboard.
    Amount,
    Select(Vec<(String, String)>),
    Checkboxes(Vec<(String, String, bool)>),
    Date,
    File {
        accept: String,
    },
}

#[derive(Clone, Debug)]
pub struct TimelineItem {
    pub at: String,
    pub title: String,
    pub detail: Option<String>,
    pub tone: Tone,
}

/// Bars per label, drawn to scale.
#[derive(Clone, Debug)]
pub struct Chart {
    pub title: String,
    pub bars: Vec<(String, i64, String)>,
}
