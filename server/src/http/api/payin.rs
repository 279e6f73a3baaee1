//! Payin create requests as received (H2H p2p, widget, H2H e-commerce) and their shape checks:
//! types, lengths and the formats every request follows (merchant-api.md Resources, Limits).
//! What depends on the country, the method or the project is the domain's
//! ([`crate::domain::payin`]); both sides' errors are reported together.

use serde::Deserialize;
use utoipa::ToSchema;

use super::field::{Check, Field};
use super::first_use::FirstUse;
use super::shape::{FieldRule, Fields, HTTPS_URL, Shaped, Values};
use crate::crypto::fingerprint::Fingerprint;
use crate::domain::acquirer::Card;
use crate::domain::catalogue::Integration;
use crate::domain::engine::Created;
use crate::domain::payin::{Block, CustomerDraft, IdentificationDraft, PayinDraft, PaymentDraft, SenderDraft};
use crate::domain::payment::Urls;
use crate::domain::project::Project;
use crate::domain::rules::{self, MAX_AMOUNT};
use crate::http::AppState;
use crate::http::shared::error::ApiError;
use crate::secret::Secret;

/// Block `general` of create requests.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GeneralIn {
    /// Project identifier issued at onboarding.
    #[schema(value_type = String)]
    #[serde(default)]
    pub project_id: Field<String>,
    /// Unique within the project.
    #[schema(value_type = String)]
    #[serde(default)]
    pub payment_id: Field<String>,
    /// Receives informative callbacks.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub merchant_callback_url: Field<String>,
    /// Receives the success callback.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub merchant_success_callback_url: Field<String>,
    /// Receives the decline callback.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub merchant_decline_callback_url: Field<String>,
    /// Where the payment page sends the user afterwards (not in e-commerce H2H).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub redirect_url: Field<String>,
}

/// Block `payment` of the H2H p2p create request.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct P2pPaymentIn {
    /// Method code from the country tables (H2H).
    #[schema(value_type = String, example = "card-p2p")]
    #[serde(default)]
    pub method: Field<String>,
    /// Minor units, 1 to 10000000000000.
    #[schema(value_type = i64, example = 150000)]
    #[serde(default)]
    pub amount: Field<i64>,
    /// ISO 4217 alpha-3.
    #[schema(value_type = String, example = "RUB")]
    #[serde(default)]
    pub currency: Field<String>,
    /// Seconds; ranges per country in the Limits table.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub lifetime: Field<i64>,
    /// Bank to receive the transfer (required in NG for `account-number`).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub bank_symbol: Field<String>,
    /// UZ: `humo` or `uzcard`.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub payment_system: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Field<String>,
    /// Routing parameter.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub extra_param: Field<String>,
}

/// Block `payment` of the H2H e-commerce create request.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct EcomPaymentIn {
    /// `card-ecom`.
    #[schema(value_type = String, example = "card-ecom")]
    #[serde(default)]
    pub method: Field<String>,
    /// Minor units, 1 to 10000000000000.
    #[schema(value_type = i64, example = 150000)]
    #[serde(default)]
    pub amount: Field<i64>,
    /// ISO 4217 alpha-3.
    #[schema(value_type = String, example = "RUB")]
    #[serde(default)]
    pub currency: Field<String>,
    /// Seconds; ranges per country in the Limits table.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub lifetime: Field<i64>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Field<String>,
    /// Routing parameter.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub extra_param: Field<String>,
}

/// Block `payment` of the widget create request (no `method`: the widget method, or the
/// payer's choice on the page).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WidgetPaymentIn {
    /// Widget method pre-selected on the page (required in KZ); without it the payer chooses on the page.
    #[schema(value_type = Option<String>, example = "payin-p2p-card")]
    #[serde(default)]
    pub widget_method: Field<String>,
    /// Minor units, 1 to 10000000000000.
    #[schema(value_type = i64, example = 150000)]
    #[serde(default)]
    pub amount: Field<i64>,
    /// ISO 4217 alpha-3.
    #[schema(value_type = String, example = "RUB")]
    #[serde(default)]
    pub currency: Field<String>,
    /// Seconds; ranges per country in the Limits table.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub lifetime: Field<i64>,
    /// UZ: `humo` or `uzcard`.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub payment_system: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Field<String>,
    /// Routing parameter.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub extra_param: Field<String>,
}

/// Block `sender` (H2H p2p; widget requests use only `bank_symbol`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SenderIn {
    /// Sender card number (12 to 19 digits, Luhn).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub pan: Field<Secret<String>>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub phone: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub bank_symbol: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub card_holder: Field<String>,
}

/// `customer.identification_data` (AR).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct IdentificationIn {
    /// `CUIT` or `CUIL`.
    #[schema(value_type = String)]
    #[serde(default)]
    pub document_type: Field<String>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub document_number: Field<String>,
}

/// Block `customer`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CustomerIn {
    #[schema(value_type = String)]
    #[serde(default)]
    pub id: Field<String>,
    #[schema(value_type = String, example = "203.0.113.7")]
    #[serde(default)]
    pub ip_address: Field<String>,
    /// ISO 3166-1 alpha-2 of the payer.
    #[schema(value_type = String)]
    #[serde(default)]
    pub country: Field<String>,
    /// Required in KR H2H.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub first_name: Field<String>,
    /// Required in KR H2H.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub last_name: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub customer_type: Field<String>,
    /// Page language (ISO 639-1).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub language: Field<String>,
    /// Required for NG, ZA, KE.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub email: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub browser: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub device_type: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub user_agent: Field<String>,
    /// AR only; ignored elsewhere.
    #[schema(value_type = Option<IdentificationIn>)]
    #[serde(default)]
    pub identification_data: Field<IdentificationIn>,
}

/// Block `card` (e-commerce H2H).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CardIn {
    /// Card number, 12 to 19 digits passing Luhn, no spaces.
    #[schema(value_type = String, example = "4242424242424242")]
    #[serde(default)]
    pub pan: Field<Secret<String>>,
    #[schema(value_type = i64)]
    #[serde(default)]
    pub year: Field<i64>,
    #[schema(value_type = i64)]
    #[serde(default)]
    pub month: Field<i64>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub card_holder: Field<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub cvv: Field<Secret<String>>,
}

// The shape rules of the blocks above, one constant per field (see `super::shape`).

const CARD_NUMBER: &str = "must be a card number of 12 to 19 digits passing the Luhn check";
pub(super) const HOLDER: &str =
    "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes";
/// Every value the card-holder rule accepts matches it ([`rules::is_card_holder`] decides).
pub(super) const HOLDER_SCHEMA: &[(&str, &str)] = &[("pattern", HOLDER_REGEX)];
const HOLDER_REGEX: &str = r#""^[A-Za-z0-9\\u0400-\\u0481\\u048A-\\u04FF\\t-\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000.'\\u2019\\u02BC-]+$""#;
const CARD_NUMBER_SCHEMA: &[(&str, &str)] = &[("pattern", r#""^[0-9]{12,19}$""#)];
// The longest address text is 45 characters (IPv6 ending in dotted IPv4), within the spec's 255.
const IP_ADDRESS: &[(&str, &str)] = &[("anyOf", r#"[{"format": "ipv4"}, {"format": "ipv6"}]"#)];
const EMAIL: &[(&str, &str)] = &[("format", r#""email""#)];

fn is_currency(s: &str) -> bool {
    rules::is_upper_code(s, 3)
}

fn is_country(s: &str) -> bool {
    rules::is_upper_code(s, 2)
}

fn is_customer_type(s: &str) -> bool {
    s == "ftd" || s == "trust"
}

impl GeneralIn {
    pub const PROJECT_ID: FieldRule = FieldRule::text("general.project_id", true, 32);
    pub const PAYMENT_ID: FieldRule = FieldRule::text("general.payment_id", true, 255);
    pub const CALLBACK_URL: FieldRule =
        FieldRule::text("general.merchant_callback_url", false, MAX_URL).schema(HTTPS_URL);
    pub const SUCCESS_CALLBACK_URL: FieldRule = Self::CALLBACK_URL.at("general.merchant_success_callback_url");
    pub const DECLINE_CALLBACK_URL: FieldRule = Self::CALLBACK_URL.at("general.merchant_decline_callback_url");
    pub const REDIRECT_URL: FieldRule = Self::CALLBACK_URL.at("general.redirect_url");
}

impl Shaped for GeneralIn {
    const FIELDS: Fields = &[
        ("project_id", &Self::PROJECT_ID),
        ("payment_id", &Self::PAYMENT_ID),
        ("merchant_callback_url", &Self::CALLBACK_URL),
        ("merchant_success_callback_url", &Self::SUCCESS_CALLBACK_URL),
        ("merchant_decline_callback_url", &Self::DECLINE_CALLBACK_URL),
        ("redirect_url", &Self::REDIRECT_URL),
    ];
}

/// The rules of the `payment` block's fields, once for every request that has them.
pub struct PaymentFields;

impl PaymentFields {
    /// `payment.method` of p2p and e-commerce requests (required there).
    pub const METHOD: FieldRule = FieldRule::text("payment.method", true, 32).values(Values::PayinMethods);
    pub const ECOM_METHOD: FieldRule =
        FieldRule::text("payment.method", true, 32).values(Values::Fixed(&["card-ecom"]));
    pub const WIDGET_METHOD: FieldRule =
        FieldRule::text("payment.widget_method", false, 32).values(Values::WidgetMethods);
    pub const AMOUNT: FieldRule = FieldRule::integer("payment.amount", true, 1, MAX_AMOUNT);
    pub const CURRENCY: FieldRule =
        FieldRule::regex("payment.currency", true, 3, "^[A-Z]{3}$", is_currency).values(Values::Currencies);
    pub const LIFETIME: FieldRule =
        FieldRule::integer("payment.lifetime", false, i64::MIN, i64::MAX).values(Values::Lifetimes);
    pub const BANK_SYMBOL: FieldRule = FieldRule::text("payment.bank_symbol", false, 32);
    pub const PAYMENT_SYSTEM: FieldRule = FieldRule::text("payment.payment_system", false, 32);
    pub const DESCRIPTION: FieldRule = FieldRule::text("payment.description", false, 255).may_be_empty();
    pub const EXTRA_PARAM: FieldRule =
        FieldRule::regex("payment.extra_param", false, 16, "^[A-Za-z0-9_-]{1,16}$", rules::is_extra_param);
}

impl Shaped for P2pPaymentIn {
    const FIELDS: Fields = &[
        ("method", &PaymentFields::METHOD),
        ("amount", &PaymentFields::AMOUNT),
        ("currency", &PaymentFields::CURRENCY),
        ("lifetime", &PaymentFields::LIFETIME),
        ("bank_symbol", &PaymentFields::BANK_SYMBOL),
        ("payment_system", &PaymentFields::PAYMENT_SYSTEM),
        ("description", &PaymentFields::DESCRIPTION),
        ("extra_param", &PaymentFields::EXTRA_PARAM),
    ];
}

impl Shaped for EcomPaymentIn {
    const FIELDS: Fields = &[
        ("method", &PaymentFields::ECOM_METHOD),
        ("amount", &PaymentFields::AMOUNT),
        ("currency", &PaymentFields::CURRENCY),
        ("lifetime", &PaymentFields::LIFETIME),
        ("description", &PaymentFields::DESCRIPTION),
        ("extra_param", &PaymentFields::EXTRA_PARAM),
    ];
}

impl Shaped for WidgetPaymentIn {
    const FIELDS: Fields = &[
        ("widget_method", &PaymentFields::WIDGET_METHOD),
        ("amount", &PaymentFields::AMOUNT),
        ("currency", &PaymentFields::CURRENCY),
        ("lifetime", &PaymentFields::LIFETIME),
        ("payment_system", &PaymentFields::PAYMENT_SYSTEM),
        ("description", &PaymentFields::DESCRIPTION),
        ("extra_param", &PaymentFields::EXTRA_PARAM),
    ];
}

impl SenderIn {
    pub const PAN: FieldRule =
        FieldRule::sentence("sender.pan", false, 32, CARD_NUMBER, rules::is_card_number).schema(CARD_NUMBER_SCHEMA);
    pub const PHONE: FieldRule = FieldRule::text("sender.phone", false, 24);
    pub const BANK_SYMBOL: FieldRule = FieldRule::text("sender.bank_symbol", false, 32);
    pub const CARD_HOLDER: FieldRule =
        FieldRule::sentence("sender.card_holder", false, 255, HOLDER, rules::is_card_holder).schema(HOLDER_SCHEMA);
}

impl Shaped for SenderIn {
    const FIELDS: Fields = &[
        ("pan", &Self::PAN),
        ("phone", &Self::PHONE),
        ("bank_symbol", &Self::BANK_SYMBOL),
        ("card_holder", &Self::CARD_HOLDER),
    ];
}

impl IdentificationIn {
    pub const DOCUMENT_TYPE: FieldRule = FieldRule::sentence(
        "customer.identification_data.document_type",
        true,
        255,
        "must be CUIT or CUIL",
        rules::is_document_type,
    )
    .values(Values::Fixed(rules::DOCUMENT_TYPES));
    pub const DOCUMENT_NUMBER: FieldRule = FieldRule::regex(
        "customer.identification_data.document_number",
        true,
        255,
        "^[0-9]{11}$",
        rules::is_document_number,
    );
}

impl Shaped for IdentificationIn {
    const FIELDS: Fields = &[("document_type", &Self::DOCUMENT_TYPE), ("document_number", &Self::DOCUMENT_NUMBER)];
}

impl CustomerIn {
    pub const ID: FieldRule = FieldRule::text("customer.id", true, 255);
    pub const IP_ADDRESS: FieldRule =
        FieldRule::sentence("customer.ip_address", true, 255, "must be an IPv4 or IPv6 address", rules::is_ip_address)
            .schema_says_all(IP_ADDRESS);
    pub const COUNTRY: FieldRule = FieldRule::regex("customer.country", true, 2, "^[A-Z]{2}$", is_country);
    pub const FIRST_NAME: FieldRule = FieldRule::text("customer.first_name", false, 255);
    pub const LAST_NAME: FieldRule = FieldRule::text("customer.last_name", false, 255);
    pub const CUSTOMER_TYPE: FieldRule =
        FieldRule::regex("customer.customer_type", false, 5, "^(ftd|trust)$", is_customer_type);
    pub const LANGUAGE: FieldRule =
        FieldRule::regex("customer.language", false, 2, "^[a-z]{2}$", rules::is_language_code);
    pub const EMAIL: FieldRule =
        FieldRule::sentence("customer.email", false, 255, "must be an email address", rules::is_email).schema(EMAIL);
    pub const BROWSER: FieldRule = FieldRule::text("customer.browser", false, 512);
    pub const DEVICE_TYPE: FieldRule = FieldRule::text("customer.device_type", false, 512);
    pub const USER_AGENT: FieldRule = FieldRule::text("customer.user_agent", false, 1024);
    /// Read in AR only, where its fields are required.
    pub const IDENTIFICATION_DATA: FieldRule = FieldRule::object("customer.identification_data", false);
}

impl Shaped for CustomerIn {
    const FIELDS: Fields = &[
        ("id", &Self::ID),
        ("ip_address", &Self::IP_ADDRESS),
        ("country", &Self::COUNTRY),
        ("first_name", &Self::FIRST_NAME),
        ("last_name", &Self::LAST_NAME),
        ("customer_type", &Self::CUSTOMER_TYPE),
        ("language", &Self::LANGUAGE),
        ("email", &Self::EMAIL),
        ("browser", &Self::BROWSER),
        ("device_type", &Self::DEVICE_TYPE),
        ("user_agent", &Self::USER_AGENT),
        ("identification_data", &Self::IDENTIFICATION_DATA),
    ];
}

impl CardIn {
    pub const PAN: FieldRule =
        FieldRule::sentence("card.pan", true, 32, CARD_NUMBER, rules::is_card_number).schema(CARD_NUMBER_SCHEMA);
    pub const YEAR: FieldRule = FieldRule::integer("card.year", true, 2020, 2099);
    pub const MONTH: FieldRule = FieldRule::integer("card.month", true, 1, 12);
    pub const CARD_HOLDER: FieldRule =
        FieldRule::sentence("card.card_holder", true, 255, HOLDER, rules::is_card_holder).schema(HOLDER_SCHEMA);
    pub const CVV: FieldRule = FieldRule::regex("card.cvv", false, 4, "^[0-9]{3,4}$", rules::is_cvv);
}

impl Shaped for CardIn {
    const FIELDS: Fields = &[
        ("pan", &Self::PAN),
        ("year", &Self::YEAR),
        ("month", &Self::MONTH),
        ("card_holder", &Self::CARD_HOLDER),
        ("cvv", &Self::CVV),
    ];
}

/// The `payment` block of a create request, as its endpoint defines it.
#[derive(Clone, Copy)]
pub enum PaymentBlock<'a> {
    P2p(&'a Field<P2pPaymentIn>),
    Ecom(&'a Field<EcomPaymentIn>),
    Widget(&'a Field<WidgetPaymentIn>),
}

impl PaymentBlock<'_> {
    pub fn integration(self) -> Integration {
        match self {
            PaymentBlock::P2p(_) => Integration::H2hP2p,
            PaymentBlock::Ecom(_) => Integration::H2hEcom,
            PaymentBlock::Widget(_) => Integration::Widget,
        }
    }
}

/// One create request, whichever endpoint it came through.
pub struct PayinInput<'a> {
    pub general: &'a Field<GeneralIn>,
    pub payment: PaymentBlock<'a>,
    pub sender: &'a Field<SenderIn>,
    pub customer: &'a Field<CustomerIn>,
    pub card: Option<&'a Field<CardIn>>,
}

/// Shape-checks a create request and hands it to the domain, which applies the catalogue's
/// rules and creates the payment (or finds the one an identical earlier request created).
pub async fn create_payin(
    state: &AppState,
    project: &Project,
    fingerprint: &Fingerprint,
    first_use: &FirstUse,
    input: PayinInput<'_>,
) -> Result<Created, ApiError> {
    let draft = draft(input, fingerprint, state.config.allow_private_callbacks);
    let created = state.services.payins.create_payin(project, draft, first_use.signature_use()).await;
    first_use.settle_after(&created);
    Ok(created?)
}

/// The shape checks of a create request, every one, into a draft for the domain.
pub fn draft(input: PayinInput<'_>, fingerprint: &Fingerprint, allow_loopback_http: bool) -> PayinDraft {
    let mut c = Check::default();
    let integration = input.payment.integration();
    let general = c.block(&GENERAL, input.general);
    let payment_id = general.and_then(|g| c.text(&GeneralIn::PAYMENT_ID, &g.payment_id));
    // The e-commerce H2H request has no redirect_url (merchant-api.md): ignored there.
    let with_redirect = integration != Integration::H2hEcom;
    let urls = general.map(|g| general_urls(&mut c, g, with_redirect, allow_loopback_http)).unwrap_or_default();
    let payment = payment_draft(&mut c, input.payment);
    let sender = sender_draft(&mut c, integration, input.sender);
    let customer = c.block(&CUSTOMER, input.customer).map(|b| customer(&mut c, b));
    let card = input.card.and_then(|card| parse_card(&mut c, card));
    PayinDraft {
        integration,
        payment_id,
        urls,
        payment,
        sender,
        customer,
        card,
        request_hash: fingerprint.keyed.clone(),
        legacy_request_hash: fingerprint.legacy.clone(),
        violations: c.into_violations(),
    }
}

/// The longest URL a request may carry.
const MAX_URL: usize = 2048;

/// The callback URLs of `general` (and the redirect, where the request has one): https, or
/// http on loopback when private callbacks are allowed.
pub fn general_urls(c: &mut Check, g: &GeneralIn, with_redirect: bool, allow_loopback_http: bool) -> Urls {
    let mut url = |rule: &FieldRule, value: &Field<String>| -> Option<String> {
        let s = c.text(rule, value)?;
        match rules::check_https_url(&s, MAX_URL, allow_loopback_http) {
            Ok(()) => Some(s),
            Err(problem) => {
                c.fail(rule.field, problem.message(MAX_URL));
                None
            }
        }
    };
    Urls {
        callback: url(&GeneralIn::CALLBACK_URL, &g.merchant_callback_url),
        success_callback: url(&GeneralIn::SUCCESS_CALLBACK_URL, &g.merchant_success_callback_url),
        decline_callback: url(&GeneralIn::DECLINE_CALLBACK_URL, &g.merchant_decline_callback_url),
        redirect: if with_redirect { url(&GeneralIn::REDIRECT_URL, &g.redirect_url) } else { None },
    }
}

fn payment_draft(c: &mut Check, block: PaymentBlock<'_>) -> Option<PaymentDraft> {
    match block {
        PaymentBlock::P2p(p) => c.block(&PAYMENT, p).map(|p| PaymentDraft {
            method: c.text(&PaymentFields::METHOD, &p.method),
            amount: c.integer(&PaymentFields::AMOUNT, &p.amount),
            currency: c.text(&PaymentFields::CURRENCY, &p.currency),
            lifetime: c.integer(&PaymentFields::LIFETIME, &p.lifetime),
            bank_symbol: c.text(&PaymentFields::BANK_SYMBOL, &p.bank_symbol),
            payment_system: c.text(&PaymentFields::PAYMENT_SYSTEM, &p.payment_system),
            description: c.text(&PaymentFields::DESCRIPTION, &p.description),
            extra_param: c.text(&PaymentFields::EXTRA_PARAM, &p.extra_param),
            widget_method: None,
        }),
        PaymentBlock::Ecom(p) => c.block(&PAYMENT, p).map(|p| PaymentDraft {
            method: c.text(&PaymentFields::ECOM_METHOD, &p.method),
            amount: c.integer(&PaymentFields::AMOUNT, &p.amount),
            currency: c.text(&PaymentFields::CURRENCY, &p.currency),
            lifetime: c.integer(&PaymentFields::LIFETIME, &p.lifetime),
            description: c.text(&PaymentFields::DESCRIPTION, &p.description),
            extra_param: c.text(&PaymentFields::EXTRA_PARAM, &p.extra_param),
            ..PaymentDraft::default()
        }),
        PaymentBlock::Widget(p) => c.block(&PAYMENT, p).map(|p| PaymentDraft {
            widget_method: c.text(&PaymentFields::WIDGET_METHOD, &p.widget_method),
            amount: c.integer(&PaymentFields::AMOUNT, &p.amount),
            currency: c.text(&PaymentFields::CURRENCY, &p.currency),
            lifetime: c.integer(&PaymentFields::LIFETIME, &p.lifetime),
            payment_system: c.text(&PaymentFields::PAYMENT_SYSTEM, &p.payment_system),
            description: c.text(&PaymentFields::DESCRIPTION, &p.description),
            extra_param: c.text(&PaymentFields::EXTRA_PARAM, &p.extra_param),
            ..PaymentDraft::default()
        }),
    }
}

fn sender_draft(c: &mut Check, integration: Integration, sender: &Field<SenderIn>) -> Block<SenderDraft> {
    match integration {
        Integration::H2hP2p => match sender {
            Field::Absent => Block::Absent,
            Field::Null => Block::Null,
            other => match c.block(&SENDER, other) {
                Some(s) => Block::Present(SenderDraft {
                    pan: c.secret_text(&SenderIn::PAN, &s.pan),
                    phone: c.text(&SenderIn::PHONE, &s.phone),
                    bank_symbol: c.text(&SenderIn::BANK_SYMBOL, &s.bank_symbol),
                    card_holder: c.text(&SenderIn::CARD_HOLDER, &s.card_holder),
                }),
                None => Block::Absent,
            },
        },
        // Widget requests carry only sender.bank_symbol; other sender fields are ignored.
        Integration::Widget => match c.block(&SENDER, sender) {
            Some(s) => Block::Present(SenderDraft {
                bank_symbol: c.text(&SenderIn::BANK_SYMBOL, &s.bank_symbol),
                ..SenderDraft::default()
            }),
            None => Block::Absent,
        },
        Integration::H2hEcom => Block::Absent,
    }
}

/// The blocks of create requests.
pub const GENERAL: FieldRule = FieldRule::object("general", true);
pub const PAYMENT: FieldRule = FieldRule::object("payment", true);
/// Required in some countries (the domain's rule).
pub const SENDER: FieldRule = FieldRule::object("sender", false);
pub const CUSTOMER: FieldRule = FieldRule::object("customer", true);
pub const CARD: FieldRule = FieldRule::object("card", true);

fn customer(c: &mut Check, block: &CustomerIn) -> CustomerDraft {
    CustomerDraft {
        id: c.text(&CustomerIn::ID, &block.id),
        ip_address: c.text(&CustomerIn::IP_ADDRESS, &block.ip_address),
        country: c.text(&CustomerIn::COUNTRY, &block.country),
        first_name: c.text(&CustomerIn::FIRST_NAME, &block.first_name),
        last_name: c.text(&CustomerIn::LAST_NAME, &block.last_name),
        customer_type: c.text(&CustomerIn::CUSTOMER_TYPE, &block.customer_type),
        language: c.text(&CustomerIn::LANGUAGE, &block.language),
        email: c.text(&CustomerIn::EMAIL, &block.email),
        browser: c.text(&CustomerIn::BROWSER, &block.browser),
        device_type: c.text(&CustomerIn::DEVICE_TYPE, &block.device_type),
        user_agent: c.text(&CustomerIn::USER_AGENT, &block.user_agent),
        // Read only where the country asks for it: its errors wait for the domain.
        identification_data: match &block.identification_data {
            Field::Absent | Field::Null => None,
            other => {
                let mut d = Check::default();
                let draft = d.block(&CustomerIn::IDENTIFICATION_DATA, other).map(|i| IdentificationDraft {
                    document_type: d.text(&IdentificationIn::DOCUMENT_TYPE, &i.document_type),
                    document_number: d.text(&IdentificationIn::DOCUMENT_NUMBER, &i.document_number),
                    shape_errors: Default::default(),
                });
                let shape_errors = d.into_violations();
                Some(match draft {
                    Some(draft) => IdentificationDraft { shape_errors, ..draft },
                    None => IdentificationDraft { shape_errors, ..Default::default() },
                })
            }
        },
    }
}

fn parse_card(c: &mut Check, card: &Field<CardIn>) -> Option<Card> {
    let block = c.block(&CARD, card)?;
    let pan = c.secret_text(&CardIn::PAN, &block.pan);
    let year = c.integer(&CardIn::YEAR, &block.year);
    let month = c.integer(&CardIn::MONTH, &block.month);
    let holder = c.text(&CardIn::CARD_HOLDER, &block.card_holder);
    let cvv = c.secret_text(&CardIn::CVV, &block.cvv);
    Some(Card { pan: pan?, cvv, year: year?, month: month?, holder: holder? })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    /// Values a field might hold: any scalar, and the values the catalogue knows (so that the
    /// checks past the shape are reached too).
    fn scalar() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| serde_json::json!(n)),
            any::<u64>().prop_map(|n| serde_json::json!(n)),
            (-1.0e15f64..1.0e15).prop_map(|f| serde_json::json!(f)),
            ".{0,24}".prop_map(Value::String),
            prop::sample::select(vec![
                "RUB",
                "KZT",
                "NGN",
                "KES",
                "card-p2p",
                "sbp-p2p",
                "ussd",
                "payin-p2p-card",
                "payin-ecom-card",
                "card-ecom",
                "RU",
                "KZ",
                "NG",
                "4242424242424242",
                "+79001234567",
                "https://a.example/cb",
                "http://127.0.0.1/x",
                "1.2.3.4",
                "sberbank",
                "123",
                "2030",
                "IVAN PETROV",
                "",
            ])
            .prop_map(|s| Value::String(s.to_string())),
        ]
    }

    /// A block of a create request: an object of the request's field names (some nested), or
    /// something that is not an object at all.
    fn block() -> impl Strategy<Value = Value> {
        let names = prop::sample::select(vec![
            "project_id",
            "payment_id",
            "merchant_callback_url",
            "merchant_success_callback_url",
            "merchant_decline_callback_url",
            "redirect_url",
            "amount",
            "currency",
            "method",
            "widget_method",
            "lifetime",
            "description",
            "extra_param",
            "bank_symbol",
            "payment_system",
            "id",
            "ip_address",
            "country",
            "email",
            "language",
            "phone",
            "pan",
            "card_holder",
            "year",
            "month",
            "cvv",
            "document_type",
            "document_number",
        ]);
        let value = scalar().prop_recursive(2, 16, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
                prop::collection::btree_map(".{0,8}", inner, 0..3).prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        });
        prop_oneof![
            4 => prop::collection::btree_map(names, value, 0..10)
                .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
            1 => scalar(),
        ]
    }

    fn request() -> impl Strategy<Value = Value> {
        let part = || prop::option::of(block());
        (part(), part(), part(), part(), part()).prop_map(|(g, p, s, c, card)| {
            let mut body = serde_json::Map::new();
            for (name, block) in [("general", g), ("payment", p), ("sender", s), ("customer", c), ("card", card)] {
                if let Some(b) = block {
                    body.insert(name.to_string(), b);
                }
            }
            Value::Object(body)
        })
    }

    fn fingerprint() -> Fingerprint {
        Fingerprint { keyed: "k1:x".into(), legacy: "legacy:y".into() }
    }

    proptest! {
        /// Any create body of any endpoint is either refused at the shape (a 400 with its
        /// errors) or becomes a draft; it never panics.
        #[test]
        fn any_create_body_is_answered(body in request(), loopback in any::<bool>()) {
            if let Ok(r) = serde_json::from_value::<crate::http::api::p2p::P2pPayinRequest>(body.clone()) {
                let _ = draft(r.input(), &fingerprint(), loopback);
            }
            if let Ok(r) = serde_json::from_value::<crate::http::api::ecom::EcomPayinRequest>(body.clone()) {
                let _ = draft(r.input(), &fingerprint(), loopback);
            }
            if let Ok(r) = serde_json::from_value::<crate::http::api::widget::WidgetPayinRequest>(body) {
                let _ = draft(r.input(), &fingerprint(), loopback);
            }
        }
    }

    #[test]
    fn requests_holding_a_card_never_print_it() {
        let body = serde_json::json!({
            "card": {"pan": "4242424242424242", "cvv": "987", "year": 2030, "month": 1, "card_holder": "A B"},
            "sender": {"pan": "5555555555554444"}
        });
        let card: CardIn = serde_json::from_value(body["card"].clone()).unwrap();
        let sender: SenderIn = serde_json::from_value(body["sender"].clone()).unwrap();
        let shown = format!("{card:?} {sender:?}");
        for secret in ["4242424242424242", "987", "5555555555554444"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        let mut c = Check::default();
        let parsed = parse_card(&mut c, &Field::Value(card)).unwrap();
        assert_eq!(parsed.pan.expose(), "4242424242424242");
        assert!(!format!("{parsed:?}").contains("4242424242424242"));
    }
}
