//! Recipient requisites: the pool operators keep, and how one is chosen for a payment.

use serde::{Deserialize, Serialize};

use super::payment::{Payment, Recipient};

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
