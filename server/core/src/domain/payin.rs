//! Create requests of payins: from a request whose fields have the right shapes (checked at
//! the edge) to a validated [`NewPayin`], by reading only the catalogue. Every rule that
//! depends on the country, the method or the project lives here; the edge keeps the rules
//! that hold for every request (types, lengths, formats).

use super::acquirer::Card;
use super::catalogue::{
    self, Country, Currency, H2cRow, H2hRow, Integration, LifetimeRange, Method, Need, Requirements, WidgetMethod,
};
use super::payment::{Customer, Details, IdentificationData, MaskedCard, Sender, Urls, mask_name, mask_pan};
use super::ports::BankStore;
use super::project::Project;
use super::violations::Violations;
use crate::secret::Secret;

/// A JSON block as received: absent, `null`, or an object (a non-object was reported by the
/// shape check and arrives as `Absent`).
#[derive(Clone, Debug, Default)]
pub enum Block<T> {
    #[default]
    Absent,
    Null,
    Present(T),
}

impl<T> Block<T> {
    pub fn as_present(&self) -> Option<&T> {
        match self {
            Block::Present(t) => Some(t),
            _ => None,
        }
    }
}

/// `payment` after the shape checks; each `None` is absent or already reported.
#[derive(Clone, Debug, Default)]
pub struct PaymentDraft {
    pub method: Option<String>,
    pub widget_method: Option<String>,
    pub amount: Option<i64>,
    /// `^[A-Z]{3}$`.
    pub currency: Option<String>,
    pub lifetime: Option<i64>,
    pub bank_symbol: Option<String>,
    pub payment_system: Option<String>,
    pub description: Option<String>,
    pub extra_param: Option<String>,
}

/// `sender` after the shape checks (H2H p2p: every field; widget: `bank_symbol` only).
#[derive(Clone, Debug, Default)]
pub struct SenderDraft {
    /// A card number (12 to 19 digits, Luhn).
    pub pan: Option<Secret<String>>,
    pub phone: Option<String>,
    pub bank_symbol: Option<String>,
    pub card_holder: Option<String>,
}

/// `customer.identification_data` as received: checked only where the country reads it (AR),
/// so what its shape check found waits here.
#[derive(Clone, Debug, Default)]
pub struct IdentificationDraft {
    pub document_type: Option<String>,
    pub document_number: Option<String>,
    pub shape_errors: Violations,
}

/// `customer` after the shape checks.
#[derive(Clone, Debug, Default)]
pub struct CustomerDraft {
    pub id: Option<String>,
    pub ip_address: Option<String>,
    pub country: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub customer_type: Option<String>,
    pub language: Option<String>,
    pub email: Option<String>,
    pub browser: Option<String>,
    pub device_type: Option<String>,
    pub user_agent: Option<String>,
    pub identification_data: Option<IdentificationDraft>,
}

/// A create request whose fields have the right shapes, with what the shape checks refused.
#[derive(Clone, Debug)]
pub struct PayinDraft {
    pub integration: Integration,
    pub payment_id: Option<String>,
    pub urls: Urls,
    /// `None`: the block is absent (reported).
    pub payment: Option<PaymentDraft>,
    pub sender: Block<SenderDraft>,
    pub customer: Option<CustomerDraft>,
    /// The card of an e-commerce H2H request (field rules checked at the edge).
    pub card: Option<Card>,
    /// Keyed fingerprint of the request body: the same body again is a retry.
    pub request_hash: String,
    /// The body's digest as rows from before keyed fingerprints hold it (compared only).
    pub legacy_request_hash: String,
    /// What the shape checks refused.
    pub violations: Violations,
}

/// A validated payin request, ready to create.
#[derive(Clone, Debug)]
pub struct NewPayin {
    pub project: Project,
    pub payment_id: String,
    pub integration: Integration,
    pub country: Country,
    pub currency: Currency,
    pub method: Option<Method>,
    pub widget_method: Option<WidgetMethod>,
    pub amount: i64,
    pub lifetime_s: i64,
    pub details: Details,
    /// The card to authorize (e-commerce H2H), in memory only.
    pub card: Option<Card>,
    pub request_hash: String,
    pub legacy_request_hash: String,
}

/// Where the payment belongs in the catalogue once its currency and method are known.
struct Placement {
    country: Country,
    method: Option<Method>,
    widget_method: Option<WidgetMethod>,
    lifetime: LifetimeRange,
    requirements: &'static Requirements,
}

/// Applies the catalogue's rules to `draft`: the row of its currency and method, the project's
/// allowed methods, lifetimes, the country's required fields and phone formats, and banks that
/// exist in the country. Every invalid field is reported at once, the shape checks' included.
pub async fn validate(
    draft: PayinDraft,
    project: &Project,
    banks: &dyn BankStore,
) -> Result<Result<NewPayin, Violations>, super::ports::StoreError> {
    let mut v = draft.violations.clone();
    let integration = draft.integration;
    let payment = draft.payment.as_ref();

    if let Some(p) = payment {
        v.require("payment.currency", p.currency.is_some(), "is required");
        v.require("payment.amount", p.amount.is_some(), "is required");
    }
    // The row that holds the currency and the method decides; a method not offered for the
    // currency is an error on the method (decisions.md §10), whatever the currency.
    let code = payment.and_then(|p| p.currency.as_deref());
    let placement = payment.zip(code).and_then(|(p, code)| place(&mut v, integration, p, code, project));
    let currency = placement.as_ref().and(code).and_then(Currency::parse);
    let lifetime = payment.zip(placement.as_ref()).and_then(|(p, place)| lifetime_of(&mut v, p, place));
    let country = placement.as_ref().map(|p| p.country);
    let method = placement.as_ref().and_then(|p| p.method);
    let requirements = placement.as_ref().map(|p| p.requirements);
    let needs = requirements.map(|r| r.needs(method)).unwrap_or(&[]);
    let need = |n: Need| needs.contains(&n);
    let why = |c: Country| format!("is required in {c} for {}", method.map(Method::code).unwrap_or_default());

    let payment_system = payment.and_then(|p| p.payment_system.clone());
    if let (Some(ps), Some(allowed)) = (&payment_system, requirements.and_then(|r| r.payment_systems))
        && !allowed.contains(&ps.as_str())
    {
        v.fail("payment.payment_system", format!("must be {}", allowed.join(" or ")));
    }
    let bank_symbol = payment.and_then(|p| p.bank_symbol.clone());
    if let Some(c) = country
        && need(Need::PaymentBankSymbol)
    {
        v.require(Need::PaymentBankSymbol.field(), bank_symbol.is_some(), why(c));
    }
    let sender = match integration {
        Integration::H2hP2p => sender_h2h(&mut v, &draft.sender, country, requirements, needs, &why),
        Integration::Widget => widget_sender(&draft.sender),
        Integration::H2hEcom => None,
    };
    let customer = draft.customer.as_ref().and_then(|c| customer(&mut v, c, requirements));

    let symbols = [
        ("payment.bank_symbol", bank_symbol.as_ref()),
        ("sender.bank_symbol", sender.as_ref().and_then(|s| s.bank_symbol.as_ref())),
    ];
    check_banks(&mut v, banks, &symbols, country).await?;
    if !v.is_empty() {
        return Ok(Err(v));
    }
    let (Some(payment_id), Some(payment), Some(placement), Some(currency), Some(lifetime), Some(customer)) =
        (draft.payment_id.clone(), payment, placement, currency, lifetime, customer)
    else {
        // Every None above was reported; this is a guard, not a path.
        let mut v = Violations::default();
        v.fail("general", "is invalid");
        return Ok(Err(v));
    };
    let Some(amount) = payment.amount else {
        let mut v = Violations::default();
        v.fail("payment.amount", "is required");
        return Ok(Err(v));
    };
    let details = Details {
        customer,
        sender,
        bank_symbol,
        payment_system,
        description: payment.description.clone(),
        extra_param: payment.extra_param.clone(),
        ..Details::default()
    };
    let head = Head { payment_id, placement, currency, amount, lifetime_s: lifetime };
    Ok(Ok(assemble(draft, project, head, details)))
}

/// What validation settled, to build the payment from.
struct Head {
    payment_id: String,
    placement: Placement,
    currency: Currency,
    amount: i64,
    lifetime_s: i64,
}

fn assemble(draft: PayinDraft, project: &Project, head: Head, details: Details) -> NewPayin {
    let card = draft.card;
    let masked_card = card.as_ref().map(|c| MaskedCard {
        pan: mask_pan(c.pan.expose()),
        year: c.year,
        month: c.month,
        card_holder: c.holder.clone(),
    });
    NewPayin {
        project: project.clone(),
        payment_id: head.payment_id,
        integration: draft.integration,
        country: head.placement.country,
        currency: head.currency,
        method: head.placement.method,
        widget_method: head.placement.widget_method,
        amount: head.amount,
        lifetime_s: head.lifetime_s,
        details: Details { urls: draft.urls, card: masked_card, ..details },
        card,
        request_hash: draft.request_hash,
        legacy_request_hash: draft.legacy_request_hash,
    }
}

/// The lifetime asked for, or the row's default; outside the row's range it is an error.
fn lifetime_of(v: &mut Violations, p: &PaymentDraft, place: &Placement) -> Option<i64> {
    let range = place.lifetime;
    match p.lifetime {
        None => Some(range.default as i64),
        Some(n) if range.contains(n) => Some(n),
        Some(_) => {
            v.fail("payment.lifetime", format!("must be from {} to {} seconds", range.min, range.max));
            None
        }
    }
}

/// Bank symbols must name active banks of the payment's country.
async fn check_banks(
    v: &mut Violations,
    banks: &dyn BankStore,
    symbols: &[(&str, Option<&String>)],
    country: Option<Country>,
) -> Result<(), super::ports::StoreError> {
    for (field, symbol) in symbols {
        let Some(symbol) = symbol else { continue };
        if v.has_error_on(field) {
            continue;
        }
        match banks.bank(symbol).await? {
            Some(bank) if bank.active && country.is_none_or(|c| c.code() == bank.country_code) => {}
            _ => v.fail(*field, format!("unknown bank {symbol}; see /api/v1/payment/p2p/bank/all")),
        }
    }
    Ok(())
}

fn h2h_placement(row: &'static H2hRow, method: Method) -> Placement {
    Placement {
        country: row.country,
        method: Some(method),
        widget_method: None,
        lifetime: row.lifetime,
        requirements: &row.requirements,
    }
}

fn h2c_placement(row: &'static H2cRow, widget_method: Option<WidgetMethod>) -> Placement {
    Placement {
        country: row.country,
        method: widget_method.and_then(WidgetMethod::h2h_equivalent),
        widget_method,
        lifetime: row.lifetime,
        requirements: &row.requirements,
    }
}

/// Finds the catalogue row of the request (decisions.md §10: the row that holds its currency
/// and method) and checks the method against it and the project.
fn place(
    v: &mut Violations,
    integration: Integration,
    p: &PaymentDraft,
    code: &str,
    project: &Project,
) -> Option<Placement> {
    match integration {
        Integration::H2hP2p => place_h2h(v, p, code, project),
        Integration::H2hEcom => place_ecom(v, p, code, project),
        Integration::Widget => place_widget(v, p, code, project),
    }
}

fn place_h2h(v: &mut Violations, p: &PaymentDraft, code: &str, project: &Project) -> Option<Placement> {
    v.require("payment.method", p.method.is_some(), "is required");
    let method_code = p.method.as_ref()?;
    let Some(row) = catalogue::h2h_row(code) else {
        v.fail("payment.method", format!("{method_code} is not available for {code}"));
        return None;
    };
    let Some(method) = Method::parse(method_code).filter(|m| row.deposit.contains(m)) else {
        let offered: Vec<_> = row.deposit.iter().map(|m| m.code()).collect();
        v.fail(
            "payment.method",
            format!("{method_code} is not available for {code}; available: {}", offered.join(", ")),
        );
        return None;
    };
    if !project.settings.allows(method.code()) {
        v.fail("payment.method", format!("{method_code} is not enabled for this project"));
        return None;
    }
    Some(h2h_placement(row, method))
}

fn place_ecom(v: &mut Violations, p: &PaymentDraft, code: &str, project: &Project) -> Option<Placement> {
    v.require("payment.method", p.method.is_some(), "is required");
    let method_code = p.method.as_ref()?;
    let Some(row) = catalogue::h2h_ecom_row(code) else {
        let currencies = catalogue::ecom_currencies();
        v.fail(
            "payment.method",
            format!("{method_code} is not available for {code}; e-commerce currencies: {currencies}"),
        );
        return None;
    };
    let Some(method) = Method::parse(method_code).filter(|m| row.deposit.contains(m)) else {
        v.fail("payment.method", format!("must be {}", Method::CardEcom));
        return None;
    };
    if !project.settings.allows(method.code()) {
        v.fail("payment.method", format!("{method} is not enabled for this project"));
        return None;
    }
    Some(h2h_placement(row, method))
}

fn place_widget(v: &mut Violations, p: &PaymentDraft, code: &str, project: &Project) -> Option<Placement> {
    if v.has_error_on("payment.widget_method") {
        return None;
    }
    let widget_method = match &p.widget_method {
        Some(w) => match WidgetMethod::parse(w) {
            Some(m) => Some(m),
            None => {
                v.fail("payment.widget_method", format!("unknown widget method {w}"));
                return None;
            }
        },
        None => None,
    };
    let Some(row) = catalogue::h2c_row(code, widget_method) else {
        match widget_method {
            Some(m) => v.fail("payment.widget_method", format!("{m} is not available for {code}")),
            None => v.fail("payment.currency", format!("{code} is not available for widget payments")),
        }
        return None;
    };
    let refusal = match (widget_method, row.required_method) {
        (None, Some(required)) => Some(format!("is required in {} and must be {required}", row.country)),
        (Some(m), Some(required)) if m != required => Some(format!("must be {required} in {}", row.country)),
        (Some(m), _) if !row.methods.contains(&m) => {
            let offered: Vec<_> = catalogue::h2c_offered_methods(code).iter().map(|m| m.code()).collect();
            Some(format!("{m} is not available for {code}; available: {}", offered.join(", ")))
        }
        (Some(m), _) if !project.settings.allows(m.code()) => Some(format!("{m} is not enabled for this project")),
        _ => None,
    };
    if let Some(refusal) = refusal {
        v.fail("payment.widget_method", refusal);
        return None;
    }
    Some(h2c_placement(row, widget_method))
}

/// A widget request's sender: its bank, when it names one (other sender fields are ignored).
fn widget_sender(block: &Block<SenderDraft>) -> Option<Sender> {
    block.as_present().and_then(|s| s.bank_symbol.clone()).map(|b| Sender { bank_symbol: Some(b), ..Sender::default() })
}

/// The H2H `sender` block under the country's rules.
fn sender_h2h(
    v: &mut Violations,
    block: &Block<SenderDraft>,
    country: Option<Country>,
    requirements: Option<&Requirements>,
    needs: &[Need],
    why: &dyn Fn(Country) -> String,
) -> Option<Sender> {
    let required = requirements.is_some_and(|r| r.sender_block);
    let which = catalogue::sender_block_countries();
    let sender = match block {
        Block::Null if required => {
            v.fail("sender", format!("must not be null in {which}; send {{}} when there is no sender data"));
            None
        }
        Block::Absent if required && !v.has_error_on("sender") => {
            v.fail("sender", format!("is required in {which}; send {{}} when there is no sender data"));
            None
        }
        Block::Present(s) => Some(s),
        _ => None,
    };
    if let (Some(s), Some(c)) = (sender, country)
        && let Some(phone) = &s.phone
        && !c.phone_ok(phone)
    {
        v.fail("sender.phone", format!("must match {}", c.phone_patterns()));
    }
    if let Some(c) = country
        && !v.has_error_on("sender")
    {
        for n in [Need::SenderPhone, Need::SenderBankSymbol] {
            if needs.contains(&n) {
                let present = match n {
                    Need::SenderPhone => sender.and_then(|s| s.phone.as_ref()).is_some(),
                    _ => sender.and_then(|s| s.bank_symbol.as_ref()).is_some(),
                };
                v.require(n.field(), present, why(c));
            }
        }
    }
    sender.map(|s| Sender {
        pan_hidden: s.pan.as_ref().map(|p| mask_pan(p.expose())),
        card_holder_hidden: s.card_holder.as_deref().map(mask_name),
        phone: s.phone.clone().filter(|_| !v.has_error_on("sender.phone")),
        bank_symbol: s.bank_symbol.clone(),
    })
}

/// `customer` under the country's rules.
fn customer(v: &mut Violations, c: &CustomerDraft, requirements: Option<&Requirements>) -> Option<Customer> {
    let names = requirements.is_some_and(|r| r.customer_names);
    let email = requirements.is_some_and(|r| r.customer_email);
    if names {
        v.require("customer.first_name", c.first_name.is_some(), "is required");
        v.require("customer.last_name", c.last_name.is_some(), "is required");
    }
    if email {
        v.require("customer.email", c.email.is_some(), "is required");
    }
    // identification_data is read where the country asks for it and ignored elsewhere.
    let identification_data = match (&c.identification_data, requirements.is_some_and(|r| r.identification_data)) {
        (Some(d), true) => {
            // The fields' rules (required, CUIT or CUIL, eleven digits) are the request's shape
            // rules, applied when it was read and reported only here, where they apply.
            for e in d.shape_errors.iter() {
                v.fail(e.field.clone(), e.message.clone());
            }
            match (&d.document_type, &d.document_number) {
                (Some(t), Some(n)) if d.shape_errors.is_empty() => {
                    Some(IdentificationData { document_type: t.clone(), document_number: n.clone() })
                }
                _ => None,
            }
        }
        _ => None,
    };
    Some(Customer {
        id: c.id.clone()?,
        ip_address: c.ip_address.clone()?,
        country: c.country.clone()?,
        first_name: c.first_name.clone(),
        last_name: c.last_name.clone(),
        customer_type: c.customer_type.clone(),
        language: c.language.clone(),
        email: c.email.clone(),
        browser: c.browser.clone(),
        device_type: c.device_type.clone(),
        user_agent: c.user_agent.clone(),
        identification_data,
    })
}
