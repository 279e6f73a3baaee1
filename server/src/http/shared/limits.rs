//! Brakes the audiences share: token buckets per key (a project, a client address, a login),
//! and the client's address as the server sees it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Seconds until a refused request may be tried again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

/// At most this many buckets are kept before full ones are dropped (per-address limits see
/// many keys).
const MAX_BUCKETS: usize = 100_000;

/// Token buckets per key: per project (decisions.md §10: 50 requests/s, bursts of 100 by
/// default) and per client address before authentication.
pub struct RateLimiter {
    rate_per_s: f64,
    burst: f64,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimiter {
    pub fn new(rate_per_s: u32, burst: u32) -> Self {
        RateLimiter {
            rate_per_s: rate_per_s.max(1) as f64,
            burst: burst.max(1) as f64,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// A limiter refilling `rate_per_s` tokens a second (below one for slow brakes).
    pub fn with_rate(rate_per_s: f64, burst: u32) -> Self {
        RateLimiter {
            rate_per_s: rate_per_s.max(1e-3),
            burst: burst.max(1) as f64,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `key`'s bucket is empty now (how long until a token is there), taking nothing.
    pub fn blocked(&self, key: &str) -> Option<RetryAfter> {
        let buckets = self.buckets.lock().expect("rate limiter lock");
        let (tokens, last) = buckets.get(key)?;
        let tokens = (tokens + last.elapsed().as_secs_f64() * self.rate_per_s).min(self.burst);
        (tokens < 1.0).then(|| RetryAfter(((1.0 - tokens) / self.rate_per_s).ceil().max(1.0) as u64))
    }

    /// Takes a token of `key`'s bucket, or says how long until one is there.
    pub fn check(&self, key: &str) -> Result<(), RetryAfter> {
        let mut buckets = self.buckets.lock().expect("rate limiter lock");
        let now = Instant::now();
        if buckets.len() >= MAX_BUCKETS {
            // Buckets refilled to the burst carry no state: dropping them changes nothing.
            let (rate, burst) = (self.rate_per_s, self.burst);
            buckets.retain(|_, (tokens, last)| *tokens + now.duration_since(*last).as_secs_f64() * rate < burst);
        }
        let (tokens, last) = buckets.entry(key.to_string()).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*last).as_secs_f64() * self.rate_per_s).min(self.burst);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            let wait = ((1.0 - *tokens) / self.rate_per_s).ceil().max(1.0) as u64;
            Err(RetryAfter(wait))
        }
    }
}

/// The client's address, when the server knows it (behind trusted proxies: the forwarded one;
/// see [`super::client`]).
pub struct PeerIp(pub Option<std::net::IpAddr>);

/// The key a per-address brake counts under: an IPv4 address, or an IPv6 address's /64 (one
/// subscriber's whole network, which anyone on it can walk through address by address).
pub fn address_key(ip: std::net::IpAddr) -> String {
    match ip {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for PeerIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(PeerIp(parts.extensions.get::<super::client::ClientIp>().map(|c| c.0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_are_braked_by_their_network() {
        let key = |s: &str| address_key(s.parse().unwrap());
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7", "IPv4 seen through IPv6 is that IPv4 address");
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:ffff:ffff:ffff"), key("2001:db8:1:2::9"), "one /64, one brake");
        assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
    }

    #[test]
    fn a_bucket_is_looked_at_without_spending_it() {
        let limiter = RateLimiter::with_rate(0.001, 2);
        assert!(limiter.blocked("k").is_none(), "an unknown key is not blocked");
        assert!(limiter.check("k").is_ok() && limiter.blocked("k").is_none());
        assert!(limiter.check("k").is_ok());
        assert!(limiter.blocked("k").is_some() && limiter.blocked("other").is_none());
    }

    #[test]
    fn rate_limiter_allows_the_burst_then_refuses_with_retry_after() {
        let limiter = RateLimiter::new(1, 3);
        for _ in 0..3 {
            assert!(limiter.check("p").is_ok());
        }
        match limiter.check("p") {
            Err(RetryAfter(retry_after_s)) => assert!(retry_after_s >= 1),
            other => panic!("{other:?}"),
        }
        assert!(limiter.check("other").is_ok(), "buckets are per project");
    }
}
