//! A recipient requisite of the pool (decisions.md §8) and the pure rules around it: what a
//! requisite may hold for its methods, and how candidates are ranked for a payment.

use serde::{Deserialize, Serialize};

use super::catalogue::{self, Country, Method, MethodKind, WidgetMethod};
use super::payment::{Payment, Recipient, mask_requisite};
use super::rules;
use super::violations::Violations;

/// A requisite of the pool (decisions.md §8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Requisite {
    pub id: String,
    pub country: String,
    pub currency: String,
    /// Method codes served (H2H and widget).
    pub methods: Vec<String>,
    /// Card, phone or account number, payment link or USSD string.
    pub pan: String,
    pub card_holder: Option<String>,
    pub bank_symbol: Option<String>,
    pub bank_name: Option<String>,
    pub bank_country: Option<String>,
    pub min_amount: Option<i64>,
    pub max_amount: Option<i64>,
    pub payment_system: Option<String>,
    /// Routing tag: a tagged requisite serves only payments with the same `extra_param`.
    pub extra_param: Option<String>,
    /// The account its bank's statements show (a card requisite's account number),
    /// normalized: statement rows of that account are this requisite's.
    pub statement_account: Option<String>,
    /// The bank's code a transfer to the account needs (in Russia the 9-digit BIK).
    pub bank_code: Option<String>,
    /// The bank's correspondent account (Russia: 20 digits, ending in the BIK's last three).
    pub correspondent_account: Option<String>,
    pub active: bool,
    /// When it last received a payment; the least recently used goes first.
    pub last_used_ms: i64,
    pub created_ms: i64,
}

impl Requisite {
    pub fn recipient(&self) -> Recipient {
        Recipient {
            requisite_id: self.id.clone(),
            pan: self.pan.clone(),
            card_holder: self.card_holder.clone(),
            bank_symbol: self.bank_symbol.clone(),
            bank_name: self.bank_name.clone(),
            bank_country: self.bank_country.clone(),
            currency: self.currency.clone(),
            bank_code: self.bank_code.clone(),
            correspondent_account: self.correspondent_account.clone(),
        }
    }
}

/// The kind of payment a requisite's method codes serve (card, phone, account, ...).
pub fn kind_of_methods(methods: &[String]) -> Option<MethodKind> {
    methods
        .iter()
        .find_map(|m| Method::parse(m).map(Method::kind).or_else(|| WidgetMethod::parse(m).map(WidgetMethod::kind)))
}

impl Requisite {
    /// The value masked as operators see it in lists: cards 6+4, others their last 4.
    pub fn masked_pan(&self) -> String {
        mask_requisite(kind_of_methods(&self.methods), &self.pan)
    }
}

/// A requisite as an operator describes it (decisions.md §8).
#[derive(Clone, Debug, Default)]
pub struct NewRequisite {
    pub country: String,
    pub currency: String,
    pub methods: Vec<String>,
    pub pan: String,
    pub card_holder: Option<String>,
    pub bank_symbol: Option<String>,
    pub bank_name: Option<String>,
    pub bank_country: Option<String>,
    pub min_amount: Option<i64>,
    pub max_amount: Option<i64>,
    pub payment_system: Option<String>,
    pub extra_param: Option<String>,
    pub statement_account: Option<String>,
    pub bank_code: Option<String>,
    pub correspondent_account: Option<String>,
    pub active: Option<bool>,
}

/// Method codes (H2H and widget) offered in `country` for `currency`.
fn methods_of(country: Country, currency: &str) -> Vec<&'static str> {
    let h2h =
        catalogue::H2H.iter().chain(catalogue::H2H_ECOM).filter(|r| r.country == country && r.currency == currency);
    let h2c =
        catalogue::H2C.iter().chain(catalogue::H2C_ECOM).filter(|r| r.country == country && r.currency == currency);
    h2h.flat_map(|r| r.deposit.iter().map(|m| m.code()))
        .chain(h2c.flat_map(|r| r.methods.iter().map(|m| m.code())))
        .collect()
}

/// Where a requisite can serve, for the pool's pickers: each country and currency with the
/// method codes (H2H and widget) that take requisites there, in the catalogue's order.
pub fn offered() -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
    let mut places: Vec<(Country, &'static str)> = Vec::new();
    let rows = catalogue::H2H.iter().map(|r| (r.country, r.currency));
    for place in rows.chain(catalogue::H2C.iter().map(|r| (r.country, r.currency))) {
        if !places.contains(&place) {
            places.push(place);
        }
    }
    places
        .into_iter()
        .map(|(country, currency)| {
            let takes = |code: &&str| {
                Method::parse(code)
                    .map(Method::kind)
                    .or_else(|| WidgetMethod::parse(code).map(WidgetMethod::kind))
                    .is_some_and(|k| k.uses_requisites())
            };
            let mut methods: Vec<&'static str> = methods_of(country, currency).into_iter().filter(takes).collect();
            methods.dedup();
            (country.code(), currency, methods)
        })
        .filter(|(_, _, methods)| !methods.is_empty())
        .collect()
}

/// Checks the requisite value against what its methods pay to.
fn value_problem(kind: MethodKind, pan: &str) -> Option<&'static str> {
    match kind {
        MethodKind::Card if !rules::is_card_number(pan) => {
            Some("must be a card number of 12 to 19 digits passing the Luhn check")
        }
        MethodKind::Phone if !(pan.len() >= 8 && pan.trim_start_matches('+').bytes().all(|b| b.is_ascii_digit())) => {
            Some("must be a phone number")
        }
        MethodKind::Link | MethodKind::QrLink if rules::check_https_url(pan, 4096, false).is_err() => {
            Some("must be an https payment link")
        }
        MethodKind::Ussd if !(pan.starts_with('*') && pan.ends_with('#')) => {
            Some("must be a USSD string like *737*1*amount#")
        }
        _ => None,
    }
}

/// Checks an operator's requisite against the catalogue and the value rules of its methods
/// (every problem at once); the bank symbol is checked by the service, against the bank port.
pub fn check(r: &NewRequisite) -> (Violations, Option<Country>) {
    let mut v = Violations::default();
    let country = Country::parse(&r.country);
    if country.is_none() {
        v.fail("country", format!("{} is not a supported country", r.country));
    }
    if let Some(country) = country {
        let offered = methods_of(country, &r.currency);
        if offered.is_empty() {
            v.fail("currency", format!("{} is not the currency of {country}", r.currency));
        } else if r.methods.is_empty() {
            v.fail("methods", "must list at least one method");
        } else if let Some(m) = r.methods.iter().find(|m| !offered.contains(&m.as_str())) {
            v.fail("methods", format!("{m} is not offered in {country}; available: {}", offered.join(", ")));
        }
    }
    let kinds: Vec<MethodKind> = r
        .methods
        .iter()
        .filter_map(|m| Method::parse(m).map(Method::kind).or_else(|| WidgetMethod::parse(m).map(WidgetMethod::kind)))
        .collect();
    if kinds.iter().any(|k| !k.uses_requisites()) {
        v.fail("methods", "card e-commerce and mobile money take no requisites");
    }
    if r.pan.is_empty() || r.pan.chars().count() > 4096 {
        v.fail("pan", "must be 1 to 4096 characters");
    } else if let Some(problem) = kinds.iter().find_map(|k| value_problem(*k, &r.pan)) {
        v.fail("pan", problem);
    }
    if let Some(holder) = &r.card_holder
        && !rules::is_card_holder(holder)
    {
        v.fail(
            "card_holder",
            "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes",
        );
    }
    check_limits(&mut v, r.min_amount, r.max_amount);
    check_bank_transfer(&mut v, country, &kinds, r);
    if let Some(p) = &r.extra_param
        && !rules::is_extra_param(p)
    {
        v.fail("extra_param", "must match ^[A-Za-z0-9_-]{1,16}$");
    }
    (v, country)
}

/// What a bank transfer to an account needs besides its number: in Russia the bank's BIK
/// (9 digits, `04…`) and its correspondent account (20 digits, `30101…`, ending in the BIK's
/// last three), which a payer's banking app asks for; elsewhere a bank code when given.
fn check_bank_transfer(v: &mut Violations, country: Option<Country>, kinds: &[MethodKind], r: &NewRequisite) {
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let account = kinds.contains(&MethodKind::Account);
    match (country, r.bank_code.as_deref()) {
        (Some(Country::RU), None) if account => {
            v.fail("bank_code", "the bank's BIK is required for a Russian bank account (9 digits)")
        }
        (Some(Country::RU), Some(bik)) if !(digits(bik, 9) && bik.starts_with("04")) => {
            v.fail("bank_code", "a BIK is 9 digits starting with 04")
        }
        (_, Some(code)) if code.is_empty() || code.len() > 32 || !code.bytes().all(|b| b.is_ascii_alphanumeric()) => {
            v.fail("bank_code", "must be 1 to 32 letters or digits")
        }
        _ => {}
    }
    match (country, r.correspondent_account.as_deref()) {
        (Some(Country::RU), None) if account => v.fail(
            "correspondent_account",
            "the bank's correspondent account is required for a Russian bank account (20 digits)",
        ),
        (Some(Country::RU), Some(c)) => {
            let bik_tail = r.bank_code.as_deref().filter(|b| b.len() == 9).map(|b| &b[6..]);
            if !(digits(c, 20) && c.starts_with("30101")) {
                v.fail("correspondent_account", "a correspondent account is 20 digits starting with 30101");
            } else if bik_tail.is_some_and(|tail| !c.ends_with(tail)) {
                v.fail("correspondent_account", "must end in the BIK's last three digits");
            }
        }
        (_, Some(c)) if c.is_empty() || c.len() > 34 || !c.bytes().all(|b| b.is_ascii_alphanumeric()) => {
            v.fail("correspondent_account", "must be 1 to 34 letters or digits")
        }
        _ => {}
    }
}

/// Amount limits: each within the amount range, the minimum not above the maximum.
pub fn check_limits(v: &mut Violations, min_amount: Option<i64>, max_amount: Option<i64>) {
    if let (Some(min), Some(max)) = (min_amount, max_amount)
        && min > max
    {
        v.fail("min_amount", "must not exceed max_amount");
    }
    for (field, value) in [("min_amount", min_amount), ("max_amount", max_amount)] {
        if value.is_some_and(|x| !(1..=rules::MAX_AMOUNT).contains(&x)) {
            v.fail(field, format!("must be from 1 to {}", rules::MAX_AMOUNT));
        }
    }
}

/// What payments ask of a requisite, apart from the amount: payments with equal queries are
/// searched together (one query per group and pass).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RequisiteQuery {
    pub country: String,
    pub currency: String,
    pub method_codes: Vec<&'static str>,
    pub bank_symbol: Option<String>,
    pub payment_system: Option<String>,
    pub extra_param: Option<String>,
}

impl RequisiteQuery {
    pub fn for_payment(payment: &Payment) -> Self {
        RequisiteQuery {
            country: payment.country.code().to_string(),
            currency: payment.currency.code.to_string(),
            method_codes: payment.requisite_method_codes(),
            bank_symbol: payment.details.bank_symbol.clone(),
            payment_system: payment.details.payment_system.clone(),
            extra_param: payment.details.extra_param.clone(),
        }
    }
}

/// An active requisite matching a query, with the amounts of the open payments it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub requisite: Requisite,
    pub held_amounts: Vec<i64>,
}

impl Candidate {
    /// Whether it can take a payment of `amount`: within its limits, and not already holding
    /// an open payment of that amount.
    pub fn serves(&self, amount: i64) -> bool {
        let r = &self.requisite;
        r.min_amount.is_none_or(|min| amount >= min)
            && r.max_amount.is_none_or(|max| amount <= max)
            && !self.held_amounts.contains(&amount)
    }
}

/// Orders candidates: requisites tagged with the payment's `extra_param` first (routing), then
/// untagged ones; within each group the least recently used first (fair rotation).
pub fn rank_candidates(query: &RequisiteQuery, mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    candidates.retain(|c| match (&c.requisite.extra_param, &query.extra_param) {
        (None, _) => true,
        (Some(tag), Some(wanted)) => tag == wanted,
        (Some(_), None) => false,
    });
    candidates.sort_by_key(|c| (c.requisite.extra_param.is_none(), c.requisite.last_used_ms, c.requisite.created_ms));
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(id: &str, extra: Option<&str>, last_used_ms: i64) -> Candidate {
        Candidate { requisite: requisite(id, extra, last_used_ms), held_amounts: Vec::new() }
    }

    fn requisite(id: &str, extra: Option<&str>, last_used_ms: i64) -> Requisite {
        Requisite {
            id: id.into(),
            country: "RU".into(),
            currency: "RUB".into(),
            methods: vec!["card-p2p".into()],
            pan: "4242424242424242".into(),
            card_holder: None,
            bank_symbol: None,
            bank_name: None,
            bank_country: None,
            min_amount: None,
            max_amount: None,
            payment_system: None,
            extra_param: extra.map(Into::into),
            statement_account: None,
            bank_code: None,
            correspondent_account: None,
            active: true,
            last_used_ms,
            created_ms: 0,
        }
    }

    fn query(extra: Option<&str>) -> RequisiteQuery {
        RequisiteQuery {
            country: "RU".into(),
            currency: "RUB".into(),
            method_codes: vec!["card-p2p"],
            bank_symbol: None,
            payment_system: None,
            extra_param: extra.map(Into::into),
        }
    }

    #[test]
    fn least_recently_used_goes_first() {
        let ranked = rank_candidates(&query(None), vec![req("a", None, 30), req("b", None, 10), req("c", None, 20)]);
        let ids: Vec<_> = ranked.iter().map(|c| c.requisite.id.as_str()).collect();
        assert_eq!(ids, ["b", "c", "a"]);
    }

    #[test]
    fn extra_param_routes_to_tagged_requisites_first() {
        let pool = vec![req("plain", None, 0), req("vip", Some("vip"), 50), req("other", Some("x"), 0)];
        let ranked = rank_candidates(&query(Some("vip")), pool.clone());
        let ids: Vec<_> = ranked.iter().map(|c| c.requisite.id.as_str()).collect();
        assert_eq!(ids, ["vip", "plain"]);
        let ranked = rank_candidates(&query(None), pool);
        let ids: Vec<_> = ranked.iter().map(|c| c.requisite.id.as_str()).collect();
        assert_eq!(ids, ["plain"], "tagged requisites serve only their routing tag");
    }

    #[test]
    fn a_candidate_serves_amounts_within_limits_it_does_not_hold() {
        let mut c = req("a", None, 0);
        c.requisite.min_amount = Some(100);
        c.requisite.max_amount = Some(1000);
        c.held_amounts = vec![500];
        assert!(c.serves(100) && c.serves(1000) && c.serves(501));
        assert!(!c.serves(99) && !c.serves(1001) && !c.serves(500));
    }
}
