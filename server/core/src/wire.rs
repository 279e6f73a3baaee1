//! Wire formats shared by API responses, callbacks and the hosted page: `payment_info`,
//! `recipient_requisites`, `display_data`, `integration` (merchant-api.md Resources).

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::catalogue::MethodKind;
use crate::domain::payment::{AscInfo, Payment, PaymentState, RedirectInfo, mask_name, mask_pan, mask_requisite};

/// `payment_info`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PaymentInfo {
    /// Minor units; after a dispute the amount actually received.
    pub amount: i64,
    /// Amount before the dispute; equal to `amount` when unchanged.
    pub old_amount: i64,
    /// Amount given at creation; never changes.
    pub initial_amount: i64,
    pub currency: String,
    /// Seconds.
    pub lifetime: i64,
    /// `created_date` + `lifetime`.
    pub expiration_date: i64,
    pub created_date: i64,
    pub updated_date: i64,
    pub method: Option<String>,
    pub widget_method: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_system: Option<String>,
    /// `payin` or `payout`.
    #[serde(rename = "type")]
    #[schema(example = "payin")]
    pub payment_type: &'static str,
}

impl PaymentInfo {
    pub fn of(p: &Payment) -> Self {
        PaymentInfo {
            amount: p.amount,
            old_amount: p.old_amount,
            initial_amount: p.initial_amount,
            currency: p.currency.code.to_string(),
            lifetime: p.lifetime_s,
            expiration_date: p.expiration_date(),
            created_date: p.created_ms / 1000,
            updated_date: p.updated_ms / 1000,
            method: p.method.map(|m| m.code().to_string()),
            widget_method: p.widget_method.map(|m| m.code().to_string()),
            payment_system: p.details.payment_system.clone(),
            payment_type: p.payment_type.code(),
        }
    }
}

/// `integration`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct IntegrationInfo {
    /// The hosted payment page of this payment.
    pub form_url: String,
    pub redirect_url: Option<String>,
}

impl IntegrationInfo {
    pub fn of(p: &Payment, public_url: &str) -> Self {
        IntegrationInfo { form_url: form_url(public_url, &p.page_token), redirect_url: p.details.urls.redirect.clone() }
    }
}

pub fn form_url(public_url: &str, token: &str) -> String {
    format!("{}/pay/{token}", public_url.trim_end_matches('/'))
}

/// `recipient_requisites` in API responses (in full: the merchant shows them to the user).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RecipientRequisites {
    /// Card, phone or account number, payment link or USSD string.
    pub pan: String,
    /// Holder name, or dashes when unknown.
    pub card_holder: String,
    pub bank_name: Option<String>,
    pub bank_country: Option<String>,
    pub currency: String,
}

/// `recipient_requisites` in callbacks: masked.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MaskedRequisites {
    pub pan_hidden: String,
    pub card_holder_hidden: String,
    pub bank_name: Option<String>,
    pub bank_country: Option<String>,
    pub currency: String,
}

const NO_HOLDER: &str = "---";

/// Requisites are shown only once issued and while they matter.
fn requisites_visible(p: &Payment) -> bool {
    matches!(p.state, PaymentState::AwaitingConfirm | PaymentState::Paid)
}

impl RecipientRequisites {
    pub fn of(p: &Payment) -> Option<Self> {
        let r = p.recipient.as_ref().filter(|_| requisites_visible(p))?;
        Some(RecipientRequisites {
            pan: r.pan.clone(),
            card_holder: r.card_holder.clone().unwrap_or_else(|| NO_HOLDER.into()),
            bank_name: r.bank_name.clone(),
            bank_country: r.bank_country.clone(),
            currency: r.currency.clone(),
        })
    }
}

impl MaskedRequisites {
    pub fn of(p: &Payment) -> Option<Self> {
        let r = p.recipient.as_ref().filter(|_| requisites_visible(p))?;
        Some(MaskedRequisites {
            pan_hidden: mask_requisite(p.kind(), &r.pan),
            card_holder_hidden: r.card_holder.as_deref().map(mask_name).unwrap_or_else(|| NO_HOLDER.into()),
            bank_name: r.bank_name.clone(),
            bank_country: r.bank_country.clone(),
            currency: r.currency.clone(),
        })
    }
}

/// One `display_data` entry.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct DisplayItem {
    /// Always `add_info`.
    #[serde(rename = "type")]
    #[schema(example = "add_info")]
    pub item_type: &'static str,
    #[schema(example = "recipient_pan")]
    pub title: &'static str,
    /// A string or an integer, by title.
    #[schema(value_type = Object)]
    pub data: Value,
}

fn item(title: &'static str, data: impl Into<Value>) -> DisplayItem {
    DisplayItem { item_type: "add_info", title, data: data.into() }
}

/// Text of `recipient_pan` for KE mobile money, where no requisites exist.
pub const PUSH_INSTRUCTION: &str = "Requisites are not required: confirm the payment request sent to your phone";

/// The H2H payment instruction (`display_data`) of a payment, per method kind; empty until
/// requisites are issued (KE mobile money: while the push is pending).
pub fn display_data(p: &Payment, public_url: &str) -> Vec<DisplayItem> {
    let mut items = Vec::new();
    let base = public_url.trim_end_matches('/');
    match (p.kind(), &p.recipient) {
        (Some(MethodKind::Push), _) if p.state == PaymentState::New => {
            items.push(item("recipient_pan", PUSH_INSTRUCTION));
        }
        (Some(kind), Some(r)) if requisites_visible(p) => {
            let title = if kind == MethodKind::Phone { "recipient_phone" } else { "recipient_pan" };
            items.push(item(title, r.pan.clone()));
            items.push(item("recipient_card_holder", r.card_holder.clone().unwrap_or_else(|| NO_HOLDER.into())));
            if let Some(bank) = &r.bank_name {
                items.push(item("bank_name", bank.clone()));
            }
            if let Some(country) = &r.bank_country {
                items.push(item("bank_country", country.clone()));
            }
        }
        _ => return items,
    }
    items.push(item("amount", p.amount));
    items.push(item("currency", p.currency.code));
    items.push(item("lifetime", p.lifetime_s));
    items.push(item("valid_until", p.expiration_date()));
    if p.kind().is_some_and(MethodKind::uses_requisites) {
        items.push(item("confirm_url", format!("{base}/api/v1/payment/p2p/payin/confirm")));
    }
    items.push(item("reject_url", format!("{base}/api/v1/payment/p2p/payin/cancel")));
    items
}

/// The receiver of a payout, as merchants see it (the card or account number masked).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReceiverView {
    pub pan_hidden: Option<String>,
    pub card_holder: Option<String>,
    pub bank_symbol: Option<String>,
    pub phone: Option<String>,
}

impl ReceiverView {
    pub fn of(p: &Payment) -> Option<Self> {
        let r = p.details.receiver.as_ref()?;
        Some(ReceiverView {
            pan_hidden: r.pan_hidden.clone(),
            card_holder: r.card_holder.clone(),
            bank_symbol: r.bank_symbol.clone(),
            phone: r.phone.clone(),
        })
    }
}

/// Masked `sender` of H2H info.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SenderView {
    pub pan_hidden: Option<String>,
    pub card_holder_hidden: Option<String>,
}

impl SenderView {
    pub fn of(p: &Payment) -> Option<Self> {
        let s = p.details.sender.as_ref()?;
        if s.pan_hidden.is_none() && s.card_holder_hidden.is_none() {
            return None;
        }
        Some(SenderView { pan_hidden: s.pan_hidden.clone(), card_holder_hidden: s.card_holder_hidden.clone() })
    }
}

/// Masked `card` of e-commerce info.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CardView {
    /// First 6 and last 4 digits.
    pub pan: String,
    pub year: i64,
    pub month: i64,
    pub card_holder: String,
}

impl CardView {
    pub fn of(p: &Payment) -> Option<Self> {
        let c = p.details.card.as_ref()?;
        Some(CardView { pan: mask_pan(&c.pan), year: c.year, month: c.month, card_holder: c.card_holder.clone() })
    }
}

/// `customer` of e-commerce info.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CustomerView {
    pub id: String,
}

/// `asc_info` (3DS challenge).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AscInfoView {
    pub pa_req: String,
    pub acs_url: String,
    pub md: String,
}

/// `redirect_info`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RedirectInfoView {
    pub method: String,
    pub url: String,
    pub body: String,
}

impl From<&AscInfo> for AscInfoView {
    fn from(a: &AscInfo) -> Self {
        AscInfoView { pa_req: a.pa_req.clone(), acs_url: a.acs_url.clone(), md: a.md.clone() }
    }
}

impl From<&RedirectInfo> for RedirectInfoView {
    fn from(r: &RedirectInfo) -> Self {
        RedirectInfoView { method: r.method.clone(), url: r.url.clone(), body: r.body.clone() }
    }
}

/// The 3DS challenge data, while the payment waits for it.
pub fn asc_info(p: &Payment) -> Option<AscInfoView> {
    (p.state == PaymentState::Awaiting3ds).then(|| p.card_auth.as_ref()?.asc_info.as_ref().map(Into::into))?
}

/// The redirect data, while the payment waits for it.
pub fn redirect_info(p: &Payment) -> Option<RedirectInfoView> {
    (p.state == PaymentState::AwaitingRedirect).then(|| p.card_auth.as_ref()?.redirect_info.as_ref().map(Into::into))?
}
