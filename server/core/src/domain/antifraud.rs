//! Anti-fraud hook: per-project rules checked at create. A refused payment is still created and
//! ends in `decline` / `Declined by anti-fraud` (decisions.md §4).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AntiFraudRules {
    /// `customer.id` values that are always refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked_customer_ids: Vec<String>,
    /// `customer.ip_address` values that are always refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked_ips: Vec<String>,
    /// At most this many payments per customer within `velocity_window_s`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_payments_per_customer: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub velocity_window_s: Option<u32>,
}

impl AntiFraudRules {
    /// The velocity window to count recent payments in, when a velocity rule is set.
    pub fn velocity_window_ms(&self) -> Option<i64> {
        self.max_payments_per_customer.map(|_| self.velocity_window_s.unwrap_or(3600) as i64 * 1000)
    }

    /// Whether a payment of `customer_id` from `ip` is refused, given how many payments the
    /// customer made in the velocity window (when a velocity rule is set).
    pub fn refuses(&self, customer_id: &str, ip: &str, recent_payments: Option<u64>) -> bool {
        if self.blocked_customer_ids.iter().any(|c| c == customer_id) {
            return true;
        }
        let ip = ip.parse::<std::net::IpAddr>().ok();
        if self.blocked_ips.iter().any(|b| b.parse::<std::net::IpAddr>().ok() == ip && ip.is_some()) {
            return true;
        }
        matches!((self.max_payments_per_customer, recent_payments), (Some(max), Some(n)) if n >= max as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_rules_refuse_nothing() {
        assert!(!AntiFraudRules::default().refuses("u1", "1.2.3.4", None));
    }

    #[test]
    fn blocked_customers_and_ips() {
        let rules = AntiFraudRules {
            blocked_customer_ids: vec!["bad".into()],
            blocked_ips: vec!["10.0.0.1".into(), "::1".into()],
            ..Default::default()
        };
        assert!(rules.refuses("bad", "1.2.3.4", None));
        assert!(rules.refuses("u1", "10.0.0.1", None));
        assert!(rules.refuses("u1", "0:0:0:0:0:0:0:1", None), "IPs compare as addresses");
        assert!(!rules.refuses("u1", "10.0.0.2", None));
    }

    #[test]
    fn velocity_counts_the_customer_payments_in_the_window() {
        let rules =
            AntiFraudRules { max_payments_per_customer: Some(3), velocity_window_s: Some(60), ..Default::default() };
        assert_eq!(rules.velocity_window_ms(), Some(60_000));
        assert!(!rules.refuses("u1", "1.2.3.4", Some(2)));
        assert!(rules.refuses("u1", "1.2.3.4", Some(3)));
    }
}
