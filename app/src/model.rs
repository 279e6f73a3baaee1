//! View models: everything a page shows, prepared by the server.

/// What every page needs.
#[derive(Clone, Debug)]
pub struct PageContext {
    /// Language of the page (`<html lang>`).
    pub lang: String,
    /// The language switcher: code, name in that language, and the link to the page in it.
    pub languages: Vec<LanguageLink>,
    /// CSP nonce of this response.
    pub nonce: String,
    /// Stylesheet URL.
    pub css_href: String,
    /// The browser bundle (`None` when it is not built: the page works without it).
    pub scripts: Option<Scripts>,
    /// Reload after this many seconds when JavaScript is off (waiting screens).
    pub refresh_s: Option<u32>,
    /// Sandbox mode: every page says so.
    pub sandbox: bool,
}

#[derive(Clone, Debug)]
pub struct LanguageLink {
    pub code: String,
    pub name: String,
    pub href: String,
}

#[derive(Clone, Debug)]
pub struct Scripts {
    pub pkg_dir: String,
    pub output_name: String,
}

/// The hosted payment page of one payment.
#[derive(Clone, Debug)]
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
    pub screen: Screen,
    pub expires_at_ms: i64,
    pub now_ms: i64,
    pub redirect_url: Option<String>,
    /// `status:sub_status` and version, for live updates.
    pub state_key: String,
    pub version: i64,
    pub is_final: bool,
    pub can_cancel: bool,
    pub receipt_form: bool,
    pub notice: Option<Notice>,
    /// Sandbox controls (empty outside sandbox mode).
    pub sandbox: Vec<SandboxAction>,
}

/// A one-time message after a form post.
#[derive(Clone, Debug)]
pub struct Notice {
    pub key: String,
    pub error: bool,
}

#[derive(Clone, Debug)]
pub struct SandboxAction {
    pub action: String,
    pub label_key: String,
}

#[derive(Clone, Debug)]
pub enum Screen {
    /// Several widget methods and none chosen yet.
    ChooseMethod {
        methods: Vec<String>,
    },
    /// Looking for requisites.
    Searching,
    Instructions(Instructions),
    /// The user confirmed; waiting for the funds.
    Checking,
    /// KE mobile money: approve the push on the phone.
    Push,
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

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstructionKind {
    Card,
    Phone,
    Account,
    Link,
    Qr,
    Ussd,
}

#[derive(Clone, Debug)]
pub struct Instructions {
    pub kind: InstructionKind,
    /// Card, phone or account number, link or USSD string.
    pub value: String,
    /// The value as displayed (card numbers grouped by four).
    pub display_value: String,
    pub holder: Option<String>,
    pub bank: Option<String>,
    /// The QR image (QR kinds).
    pub qr_src: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct CardForm {
    /// Message keys of the fields that failed, by field name.
    pub errors: Vec<(String, String)>,
    pub holder: String,
}

#[derive(Clone, Debug)]
pub struct ThreeDs {
    pub acs_url: String,
    pub pa_req: String,
    pub md: String,
    pub term_url: String,
}

#[derive(Clone, Debug)]
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
    pub error: Option<String>,
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
