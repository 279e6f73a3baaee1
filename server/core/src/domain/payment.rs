//! The payment: identifiers, states, and the data kept with it.

use rand::RngCore;
use rand::rngs::OsRng;
use serde::{Deserialize, Serialize};

use super::catalogue::{Country, Currency, Integration, Method, MethodKind, WidgetMethod};

/// `status:sub_status` of a payment (merchant-api.md "States and transitions", decisions.md §5).
/// Only combinations that exist can be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaymentState {
    New,
    Requisites,
    AwaitingConfirm,
    Paid,
    Awaiting3ds,
    AwaitingRedirect,
    /// Payouts: the operator is sending the money.
    PayoutProcess,
    DisputeNoPayment,
    DisputeDifferentAmount,
    DisputeConfirmTimeout,
    /// Payouts: the transfer failed; the operator decides.
    DisputePayoutFailed,
    Decline,
    Success,
}

impl PaymentState {
    pub const ALL: [PaymentState; 13] = [
        PaymentState::New,
        PaymentState::Requisites,
        PaymentState::AwaitingConfirm,
        PaymentState::Paid,
        PaymentState::Awaiting3ds,
        PaymentState::AwaitingRedirect,
        PaymentState::PayoutProcess,
        PaymentState::DisputeNoPayment,
        PaymentState::DisputeDifferentAmount,
        PaymentState::DisputeConfirmTimeout,
        PaymentState::DisputePayoutFailed,
        PaymentState::Decline,
        PaymentState::Success,
    ];

    pub fn status(self) -> &'static str {
        use PaymentState::*;
        match self {
            New | Requisites | AwaitingConfirm | Paid | Awaiting3ds | AwaitingRedirect | PayoutProcess => "processing",
            DisputeNoPayment | DisputeDifferentAmount | DisputeConfirmTimeout | DisputePayoutFailed => "dispute",
            Decline => "decline",
            Success => "success",
        }
    }

    pub fn sub_status(self) -> Option<&'static str> {
        use PaymentState::*;
        match self {
            New => Some("new"),
            Requisites => Some("requisites"),
            AwaitingConfirm => Some("awaiting_confirm"),
            Paid => Some("paid"),
            Awaiting3ds => Some("awaiting_3ds_result"),
            AwaitingRedirect => Some("awaiting_redirect_result"),
            PayoutProcess => Some("payout_process"),
            DisputeNoPayment => Some("no_payment"),
            DisputeDifferentAmount => Some("different_amount"),
            DisputeConfirmTimeout => Some("confirm_timeout"),
            DisputePayoutFailed => Some("payout_failed"),
            Decline | Success => None,
        }
    }

    pub fn parse(status: &str, sub_status: Option<&str>) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.status() == status && s.sub_status() == sub_status)
    }

    pub fn is_final(self) -> bool {
        matches!(self, PaymentState::Decline | PaymentState::Success)
    }

    pub fn is_processing(self) -> bool {
        self.status() == "processing"
    }

    pub fn is_dispute(self) -> bool {
        self.status() == "dispute"
    }
}

/// How a payment stands, as the consoles colour it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Still under way without anyone's decision (requisites, the payer, the acquirer).
    Open,
    /// Waiting for a person: funds to confirm, a dispute, a payout to send.
    Waiting,
    Succeeded,
    Failed,
}

impl PaymentState {
    pub fn standing(self) -> Standing {
        match self {
            PaymentState::Success => Standing::Succeeded,
            PaymentState::Decline => Standing::Failed,
            PaymentState::Paid | PaymentState::PayoutProcess => Standing::Waiting,
            s if s.is_dispute() => Standing::Waiting,
            _ => Standing::Open,
        }
    }
}

/// What a console filters payments by: a whole status, or one processing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateFilter {
    Status(&'static str),
    State(PaymentState),
}

impl StateFilter {
    /// Each status, each processing state after its status, in the order of [`PaymentState::ALL`].
    pub fn all() -> Vec<StateFilter> {
        let mut out: Vec<StateFilter> = Vec::new();
        for s in PaymentState::ALL {
            if !out.contains(&StateFilter::Status(s.status())) {
                out.push(StateFilter::Status(s.status()));
            }
            if s.is_processing() {
                out.push(StateFilter::State(s));
            }
        }
        out
    }

    /// `status` or `status:sub_status`, as filters are written.
    pub fn code(self) -> String {
        match self {
            StateFilter::Status(status) => status.to_string(),
            StateFilter::State(state) => state.to_string(),
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::all().into_iter().find(|f| f.code() == code)
    }
}

impl std::fmt::Display for PaymentState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.sub_status() {
            Some(sub) => write!(f, "{}:{}", self.status(), sub),
            None => f.write_str(self.status()),
        }
    }
}

/// `payment_info.type`: money in from a payer, or out to a receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaymentType {
    Payin,
    Payout,
}

impl PaymentType {
    pub fn code(self) -> &'static str {
        match self {
            PaymentType::Payin => "payin",
            PaymentType::Payout => "payout",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [PaymentType::Payin, PaymentType::Payout].into_iter().find(|t| t.code() == s)
    }
}

/// Who caused a change, kept in the status history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    Merchant,
    User,
    Operator,
    /// Kassa itself: the clock (lifetimes, deadlines), the requisites search, the acquirer.
    System,
    /// The sandbox panel of the payment page, where a tester plays the operator.
    Sandbox,
}

impl Actor {
    pub const ALL: [Actor; 5] = [Actor::Merchant, Actor::User, Actor::Operator, Actor::System, Actor::Sandbox];

    pub fn code(self) -> &'static str {
        match self {
            Actor::Merchant => "merchant",
            Actor::User => "user",
            Actor::Operator => "operator",
            Actor::System => "system",
            Actor::Sandbox => "sandbox",
        }
    }
}

/// 32 lowercase hex characters: the service's id of a payment (`request_id`). UUIDv7, so new
/// rows land at the end of the primary-key index.
pub fn new_request_id() -> String {
    uuid::Uuid::now_v7().simple().to_string()
}

/// 40 random hex characters: the token of a payment's hosted page (decisions.md §7).
pub fn new_page_token() -> String {
    let mut bytes = [0u8; 20];
    OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

pub fn is_page_token(s: &str) -> bool {
    s.len() == 40 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The validated `customer` block, kept with the payment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    pub id: String,
    pub ip_address: String,
    pub country: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub browser: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_agent: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identification_data: Option<IdentificationData>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdentificationData {
    pub document_type: String,
    pub document_number: String,
}

/// The `sender` block as kept: never the full card number.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sender {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pan_hidden: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_holder_hidden: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_symbol: Option<String>,
}

/// A card as kept with an e-commerce payment: masked PAN, never the CVV.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MaskedCard {
    pub pan: String,
    pub year: i64,
    pub month: i64,
    pub card_holder: String,
}

/// The requisites issued to a payment (a snapshot of the requisite at issue time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recipient {
    pub requisite_id: String,
    /// Card, phone, account number, link or USSD string.
    pub pan: String,
    pub card_holder: Option<String>,
    pub bank_symbol: Option<String>,
    pub bank_name: Option<String>,
    pub bank_country: Option<String>,
    pub currency: String,
    /// What a bank transfer to an account needs besides its number (a Russian BIK and
    /// correspondent account); absent in payments made before they were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correspondent_account: Option<String>,
}

/// The receiver of a payout as kept with it: the card or account number masked (the full one
/// is stored sealed, apart, for the operator who pays).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceiverDetails {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pan_hidden: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_holder: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_symbol: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
}

/// Where callbacks and the user go, from `general`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Urls {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub callback: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success_callback: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decline_callback: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect: Option<String>,
}

/// Fields of the create request kept as given, stored together.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Details {
    pub urls: Urls,
    pub customer: Customer,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sender: Option<Sender>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<MaskedCard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_symbol: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_system: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_param: Option<String>,
    /// Payouts: whom the money goes to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver: Option<ReceiverDetails>,
    /// The payer chose the method on the hosted page (so may go back to the choice).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub method_chosen_on_page: bool,
    /// KE mobile money: when the push request was last sent from the page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub push_sent_ms: Option<i64>,
}

/// Card e-commerce progress: what the acquirer asked for and the 3DS bookkeeping.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardAuth {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asc_info: Option<AscInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_info: Option<RedirectInfo>,
    /// Wrong one-time codes entered on the sandbox issuer page.
    #[serde(default)]
    pub wrong_codes: u32,
    /// Acquirer reference of the authorization.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// When the authorization in progress started. Written before the acquirer is called, so
    /// a second submission cannot reach it, and a lost one is declined by the deadlines job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authorizing_since_ms: Option<i64>,
    /// Cards refused on the hosted page so far, and the last refusal's reason (decisions.md
    /// §5: the third refusal, or the end of the lifetime, declines with it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub refusals: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_refusal: Option<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AscInfo {
    pub pa_req: String,
    pub acs_url: String,
    pub md: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedirectInfo {
    pub method: String,
    pub url: String,
    pub body: String,
}

/// A payment as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    pub request_id: String,
    pub project_id: String,
    pub payment_id: String,
    pub payment_type: PaymentType,
    pub integration: Integration,
    pub country: Country,
    pub currency: Currency,
    /// H2H method, or the H2H equivalent of the widget method.
    pub method: Option<Method>,
    pub widget_method: Option<WidgetMethod>,
    pub amount: i64,
    pub old_amount: i64,
    pub initial_amount: i64,
    pub lifetime_s: i64,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub state: PaymentState,
    pub status_description: Option<String>,
    /// Incremented by every change; a change applies only over the version it was computed from.
    pub version: i64,
    pub details: Details,
    pub recipient: Option<Recipient>,
    pub card_auth: Option<CardAuth>,
    pub page_token: String,
    /// Digest of the create request body, to tell a retry from a conflicting reuse.
    pub request_hash: String,
    /// When the next timed event falls due (search window, lifetime, dispute grace).
    pub deadline_ms: Option<i64>,
    /// When the requisites search should next run (only in `processing:requisites`).
    pub search_at_ms: Option<i64>,
    /// End of the requisites search window.
    pub search_until_ms: Option<i64>,
    /// Whether the user uploaded a receipt.
    pub has_receipt: bool,
    /// Amount the operator reported in a different-amount dispute.
    pub received_amount: Option<i64>,
    /// Who made the last change (kept in the status history).
    pub last_actor: Actor,
}

/// What a create request fixes about a payment; everything else starts empty.
#[derive(Clone, Debug)]
pub struct Opening {
    pub project_id: String,
    pub payment_id: String,
    pub payment_type: PaymentType,
    pub integration: Integration,
    pub country: Country,
    pub currency: Currency,
    pub method: Option<Method>,
    pub widget_method: Option<WidgetMethod>,
    pub amount: i64,
    pub lifetime_s: i64,
    pub details: Details,
    pub request_hash: String,
}

impl Payment {
    /// A new payment in `processing:new` at `now_ms`, version 1, with a fresh `request_id` and
    /// page token; its amount is also its initial and old amount.
    pub fn open(o: Opening, now_ms: i64) -> Self {
        Payment {
            request_id: new_request_id(),
            project_id: o.project_id,
            payment_id: o.payment_id,
            payment_type: o.payment_type,
            integration: o.integration,
            country: o.country,
            currency: o.currency,
            method: o.method,
            widget_method: o.widget_method,
            amount: o.amount,
            old_amount: o.amount,
            initial_amount: o.amount,
            lifetime_s: o.lifetime_s,
            created_ms: now_ms,
            updated_ms: now_ms,
            state: PaymentState::New,
            status_description: None,
            version: 1,
            details: o.details,
            recipient: None,
            card_auth: None,
            page_token: new_page_token(),
            request_hash: o.request_hash,
            deadline_ms: None,
            search_at_ms: None,
            search_until_ms: None,
            has_receipt: false,
            received_amount: None,
            last_actor: Actor::Merchant,
        }
    }
}

impl Payment {
    /// `expiration_date` = `created_date` + `lifetime` (decisions.md §10).
    pub fn expiration_date(&self) -> i64 {
        self.created_ms / 1000 + self.lifetime_s
    }

    pub fn expires_ms(&self) -> i64 {
        self.expiration_date() * 1000
    }

    /// The method kind of the payment; `None` while a widget payment waits for the user's choice.
    pub fn kind(&self) -> Option<MethodKind> {
        match (self.widget_method, self.method) {
            (Some(w), _) => Some(w.kind()),
            (None, Some(m)) => Some(m.kind()),
            (None, None) => None,
        }
    }

    pub fn flow(&self) -> Flow {
        if self.payment_type == PaymentType::Payout {
            return Flow::Payout;
        }
        match self.kind() {
            None => Flow::Unchosen,
            Some(MethodKind::Push) => Flow::Push,
            Some(MethodKind::CardEcom) => Flow::Card,
            Some(_) => Flow::Transfer,
        }
    }

    /// While a payment is open and holds requisites, no other open payment may hold the same
    /// requisite for the same amount (so incoming funds match one payment). The database keeps
    /// this key unique.
    pub fn requisite_hold(&self) -> Option<String> {
        match (&self.recipient, self.state.is_final()) {
            (Some(r), false) => Some(format!("{}:{}", r.requisite_id, self.amount)),
            _ => None,
        }
    }

    /// Codes a requisite must list to serve this payment.
    pub fn requisite_method_codes(&self) -> Vec<&'static str> {
        let mut codes = Vec::with_capacity(2);
        if let Some(w) = self.widget_method {
            codes.push(w.code());
        }
        if let Some(m) = self.method {
            codes.push(m.code());
        }
        codes
    }
}

/// The shape of a payment's life, which decides which events apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// A widget payment whose user has not chosen a method yet.
    Unchosen,
    /// A bank transfer to issued requisites.
    Transfer,
    /// KE mobile money: a push request, no requisites.
    Push,
    /// Card e-commerce through the acquirer.
    Card,
    /// Money out of the project's balance, sent by an operator.
    Payout,
}

// ---------------------------------------------------------------------------------------------
// Masking

pub use kassa_rules::card::mask_pan;

/// Everything but the last `keep` characters as `*`.
pub fn mask_tail(value: &str, keep: usize) -> String {
    let n = value.chars().count();
    value.chars().enumerate().map(|(i, c)| if i + keep >= n { c } else { '*' }).collect()
}

/// Keeps the first letter of each word: `IVAN PETROV` → `I*** P*****`.
pub fn mask_name(name: &str) -> String {
    name.split(' ')
        .map(|word| word.chars().enumerate().map(|(i, c)| if i == 0 { c } else { '*' }).collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Masks a requisite value by its kind: cards keep 6+4, everything else its last 4 characters.
pub fn mask_requisite(kind: Option<MethodKind>, value: &str) -> String {
    match kind {
        Some(MethodKind::Card) => mask_pan(value),
        _ => mask_tail(value, 4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_round_trip_through_status_and_sub_status() {
        for s in PaymentState::ALL {
            assert_eq!(PaymentState::parse(s.status(), s.sub_status()), Some(s));
        }
        assert_eq!(PaymentState::parse("processing", None), None);
        assert_eq!(PaymentState::parse("success", Some("new")), None);
        assert_eq!(PaymentState::AwaitingConfirm.to_string(), "processing:awaiting_confirm");
        assert_eq!(PaymentState::Success.to_string(), "success");
    }

    #[test]
    fn filters_are_every_status_and_every_processing_state() {
        let codes: Vec<String> = StateFilter::all().into_iter().map(StateFilter::code).collect();
        assert!(codes.starts_with(&["processing".to_string(), "processing:new".to_string()]), "{codes:?}");
        for wanted in ["processing:paid", "processing:payout_process", "dispute", "success", "decline"] {
            assert!(codes.iter().any(|c| c == wanted), "{wanted} in {codes:?}");
            assert_eq!(StateFilter::parse(wanted).map(StateFilter::code).as_deref(), Some(wanted));
        }
        assert_eq!(StateFilter::parse("dispute:no_payment"), None, "disputes are filtered as one status");
    }

    #[test]
    fn decisions_wait_for_people() {
        assert_eq!(PaymentState::Paid.standing(), Standing::Waiting);
        assert_eq!(PaymentState::DisputeNoPayment.standing(), Standing::Waiting);
        assert_eq!(PaymentState::Requisites.standing(), Standing::Open);
        assert_eq!(PaymentState::Success.standing(), Standing::Succeeded);
        assert_eq!(PaymentState::Decline.standing(), Standing::Failed);
    }

    #[test]
    fn only_decline_and_success_are_final() {
        let finals: Vec<_> = PaymentState::ALL.into_iter().filter(|s| s.is_final()).collect();
        assert_eq!(finals, vec![PaymentState::Decline, PaymentState::Success]);
    }

    #[test]
    fn identifiers_have_the_documented_shape() {
        let id = new_request_id();
        assert_eq!(id.len(), 32);
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        let token = new_page_token();
        assert!(is_page_token(&token));
        assert_ne!(token, new_page_token());
        assert!(!is_page_token("ABCDEF0123456789abcdef0123456789abcdef01"));
        assert!(!is_page_token("abc"));
    }

    #[test]
    fn masking() {
        assert_eq!(mask_pan("4242424242424242"), "4242********4242");
        assert_eq!(mask_pan("220070123456789"), "220********6789");
        assert_eq!(mask_tail("+79001234567", 4), "********4567");
        assert_eq!(mask_name("IVAN PETROV"), "I*** P*****");
        assert_eq!(mask_name("Мар'яна"), "М******");
        assert_eq!(mask_requisite(Some(MethodKind::Card), "5536913812345678"), "5536********5678");
        assert_eq!(mask_requisite(Some(MethodKind::Account), "40817810099910004312"), "****************4312");
    }
}
