//! Payout requests (decisions.md §6, §10): from a request whose fields have the right shapes to
//! a validated [`NewPayout`], by reading only the catalogue: the payout column of the H2H
//! availability table, and what each payout method needs of its receiver.

use super::catalogue::{self, Country, Currency, H2hRow, Method, ReceiverNeed};
use super::payin::CustomerDraft;
use super::payment::{Customer, ReceiverDetails, Urls, mask_pan, mask_tail};
use super::ports::{BankStore, StoreError};
use super::project::Project;
use super::violations::Violations;
use crate::secret::Secret;

/// `receiver` after the shape checks.
#[derive(Clone, Debug, Default)]
pub struct ReceiverDraft {
    /// A card number (card methods) or an account number (account methods).
    pub pan: Option<Secret<String>>,
    pub card_holder: Option<String>,
    pub bank_symbol: Option<String>,
    pub phone: Option<String>,
}

/// A payout request whose fields have the right shapes, with what the shape checks refused.
#[derive(Clone, Debug)]
pub struct PayoutDraft {
    pub payment_id: Option<String>,
    pub urls: Urls,
    pub method: Option<String>,
    pub amount: Option<i64>,
    pub currency: Option<String>,
    pub description: Option<String>,
    /// `None`: the block is absent (reported).
    pub receiver: Option<ReceiverDraft>,
    pub customer: Option<CustomerDraft>,
    pub request_hash: String,
    pub legacy_request_hash: String,
    pub violations: Violations,
}

/// A validated payout, ready to create.
#[derive(Clone, Debug)]
pub struct NewPayout {
    pub project: Project,
    pub payment_id: String,
    pub country: Country,
    pub currency: Currency,
    pub method: Method,
    pub amount: i64,
    pub urls: Urls,
    pub customer: Customer,
    pub description: Option<String>,
    /// The receiver as kept with the payout (masked).
    pub receiver: ReceiverDetails,
    /// The receiver's card or account number in full: the operator pays to it. Stored sealed,
    /// apart from the payment.
    pub receiver_pan: Option<Secret<String>>,
    pub request_hash: String,
    pub legacy_request_hash: String,
}

const CARD_NUMBER: &str = "must be a card number of 12 to 19 digits passing the Luhn check";

/// An account number: 6 to 34 letters and digits (IBANs, CBUs, local account numbers), with the
/// spaces and hyphens people write between groups.
fn is_account_number(s: &str) -> bool {
    let chars: Vec<char> = s.chars().filter(|c| *c != ' ' && *c != '-').collect();
    (6..=34).contains(&chars.len()) && chars.iter().all(char::is_ascii_alphanumeric)
}

/// Applies the catalogue's payout rules to `draft`. Every invalid field is reported at once,
/// the shape checks' included.
pub async fn validate(
    draft: PayoutDraft,
    project: &Project,
    banks: &dyn BankStore,
) -> Result<Result<NewPayout, Violations>, StoreError> {
    let mut v = draft.violations.clone();
    v.require("payment.currency", draft.currency.is_some(), "is required");
    v.require("payment.amount", draft.amount.is_some(), "is required");
    v.require("payment.method", draft.method.is_some(), "is required");
    let currency = draft.currency.as_deref().and_then(Currency::parse);
    let placed = match (&draft.method, &draft.currency) {
        (Some(code), Some(cur)) => place(&mut v, code, cur, project),
        _ => None,
    };
    let receiver = draft.receiver.as_ref();
    if draft.receiver.is_none() && !v.has_error_on("receiver") {
        v.fail("receiver", "is required");
    }
    let bank_country = match (placed, receiver) {
        (Some((method, row)), Some(r)) => check_receiver(&mut v, method, row, r),
        _ => None,
    };
    if let Some(r) = receiver {
        let (country, sbp) = match (bank_country, placed) {
            (Some((c, sbp)), _) => (Some(c), sbp),
            (None, Some((_, row))) => (Some(row.country), false),
            (None, None) => (None, false),
        };
        check_bank(&mut v, banks, r, country, sbp).await?;
    }
    if !v.is_empty() {
        return Ok(Err(v));
    }
    let (Some((method, row)), Some(currency), Some(r)) = (placed, currency, receiver) else {
        return Ok(Err(invalid("general")));
    };
    Ok(assemble(&draft, project, method, row.country, currency, r).ok_or_else(|| invalid("customer")))
}

fn invalid(field: &str) -> Violations {
    let mut v = Violations::default();
    v.fail(field, "is invalid");
    v
}

/// The row of the payout column that holds the currency and the method (decisions.md §10: a
/// method not offered for the currency is an error on the method).
fn place(v: &mut Violations, code: &str, cur: &str, project: &Project) -> Option<(Method, &'static H2hRow)> {
    let method = Method::parse(code);
    match method.and_then(|m| catalogue::payout_row(cur, m).map(|row| (m, row))) {
        Some((m, row)) if project.settings.allows(m.code()) => Some((m, row)),
        Some(_) => {
            v.fail("payment.method", format!("{code} is not enabled for this project"));
            None
        }
        None => {
            let offered = catalogue::payout_methods(cur);
            let offered = if offered.is_empty() {
                "no payout method".to_string()
            } else {
                format!("available: {}", offered.iter().map(|m| m.code()).collect::<Vec<_>>().join(", "))
            };
            v.fail("payment.method", format!("{code} is not available for payouts in {cur}; {offered}"));
            None
        }
    }
}

/// What the method asks of the receiver. Returns the country whose banks the receiver's bank
/// must be of, and whether it must take part in SBP, when the method names a bank.
fn check_receiver(v: &mut Violations, method: Method, row: &H2hRow, r: &ReceiverDraft) -> Option<(Country, bool)> {
    let mut bank_country = None;
    let required = format!("is required for {method} payouts");
    for need in catalogue::payout_receiver_needs(method) {
        match need {
            ReceiverNeed::CardNumber => {
                v.require("receiver.pan", r.pan.is_some(), required.clone());
                if r.pan.as_ref().is_some_and(|pan| !kassa_rules::card::is_card_number(pan.expose())) {
                    v.fail("receiver.pan", CARD_NUMBER);
                }
            }
            ReceiverNeed::AccountNumber => {
                v.require("receiver.pan", r.pan.is_some(), required.clone());
                if r.pan.as_ref().is_some_and(|pan| !is_account_number(pan.expose())) {
                    v.fail("receiver.pan", "must be an account number of 6 to 34 letters and digits");
                }
            }
            ReceiverNeed::Phone => {
                v.require("receiver.phone", r.phone.is_some(), required.clone());
                if r.phone.as_ref().is_some_and(|phone| !row.country.phone_ok(phone)) {
                    v.fail("receiver.phone", format!("must match {}", row.country.phone_patterns()));
                }
            }
            ReceiverNeed::Bank | ReceiverNeed::SbpBank => {
                v.require("receiver.bank_symbol", r.bank_symbol.is_some(), required.clone());
                bank_country = Some((row.country, *need == ReceiverNeed::SbpBank));
            }
        }
    }
    bank_country
}

/// A bank, when given, is one of the list; SBP payouts need a bank of the fast payment system.
async fn check_bank(
    v: &mut Violations,
    banks: &dyn BankStore,
    r: &ReceiverDraft,
    country: Option<Country>,
    sbp: bool,
) -> Result<(), StoreError> {
    let Some(symbol) = r.bank_symbol.as_ref().filter(|_| !v.has_error_on("receiver.bank_symbol")) else {
        return Ok(());
    };
    match banks.bank(symbol).await? {
        Some(bank) if bank.active && country.is_none_or(|c| c.code() == bank.country_code) => {
            if sbp && !bank.is_sbp_bank {
                v.fail("receiver.bank_symbol", format!("{symbol} does not take part in the fast payment system (SBP)"));
            }
        }
        _ => v.fail("receiver.bank_symbol", format!("unknown bank {symbol}; see /api/v1/payment/p2p/bank/all")),
    }
    Ok(())
}

/// The payout, from a draft every rule accepted; `None` when the customer lacks a field the
/// shape checks reported.
fn assemble(
    draft: &PayoutDraft,
    project: &Project,
    method: Method,
    country: Country,
    currency: Currency,
    r: &ReceiverDraft,
) -> Option<NewPayout> {
    let customer = draft.customer.as_ref()?;
    let (id, ip_address, customer_country) =
        (customer.id.clone()?, customer.ip_address.clone()?, customer.country.clone()?);
    let card = catalogue::payout_receiver_needs(method).contains(&ReceiverNeed::CardNumber);
    let pan_hidden = r.pan.as_ref().map(|p| if card { mask_pan(p.expose()) } else { mask_tail(p.expose(), 4) });
    Some(NewPayout {
        project: project.clone(),
        payment_id: draft.payment_id.clone()?,
        country,
        currency,
        method,
        amount: draft.amount?,
        urls: Urls { redirect: None, ..draft.urls.clone() },
        customer: Customer { id, ip_address, country: customer_country, ..Customer::default() },
        description: draft.description.clone(),
        receiver: ReceiverDetails {
            pan_hidden,
            card_holder: r.card_holder.clone(),
            bank_symbol: r.bank_symbol.clone(),
            phone: r.phone.clone(),
        },
        receiver_pan: r.pan.clone(),
        request_hash: draft.request_hash.clone(),
        legacy_request_hash: draft.legacy_request_hash.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_numbers() {
        assert!(is_account_number("40817810099910004312"));
        assert!(is_account_number("DE89 3704 0044 0532 0130 00"));
        assert!(!is_account_number("12345"));
        assert!(!is_account_number("1234567890123456789012345678901234567"));
        assert!(!is_account_number("12345<script>"));
    }
}
