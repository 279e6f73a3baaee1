//! SSRF guard: callbacks go over https to public addresses only. Hosts are checked after DNS
//! resolution, by the resolver the HTTP client connects through, so a name cannot resolve to a
//! public address at check time and a private one at connect time. Redirects are not followed.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("callback URL must be https")]
    NotHttps,
    #[error("callback URL is not a valid URL")]
    BadUrl,
    #[error("callback host resolves to a private, loopback or link-local address")]
    PrivateAddress,
}

/// Whether `ip` is a public unicast address (not loopback, private, link-local — which holds
/// the cloud metadata address —, shared, unspecified, multicast or reserved).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT, some metadata)
        || (a == 192 && b == 0 && ip.octets()[2] == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking 198.18.0.0/15
        || a >= 240) // reserved
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_unique_local()
        || ip.is_unicast_link_local()
        // Addresses that carry or reach an IPv4 address through a translator or a tunnel: the
        // IPv4 behind them could be private, so they are refused as a whole.
        || (s[0] == 0x64 && s[1] == 0xff9b) // NAT64 64:ff9b::/96 (and the local-use 64:ff9b:1::/48)
        || s[0] == 0x2002 // 6to4 2002::/16
        || (s[0] == 0x2001 && s[1] == 0) // Teredo 2001::/32
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] == 0 && s[1] == 0 && s[2] == 0 && s[3] == 0 && s[4] == 0 && s[5] == 0)) // IPv4-compatible ::a.b.c.d
}

/// Checks a callback URL before any connection: scheme, and the host when it is an IP literal
/// (names are checked by [`GuardedResolver`]).
pub fn check_url(url: &str, allow_private: bool) -> Result<reqwest::Url, Refused> {
    let url = reqwest::Url::parse(url).map_err(|_| Refused::BadUrl)?;
    let host = url.host().ok_or(Refused::BadUrl)?;
    let loopback_name = matches!(host, url::Host::Domain(d) if d.eq_ignore_ascii_case("localhost"));
    let ip = match host {
        url::Host::Ipv4(v4) => Some(IpAddr::V4(v4)),
        url::Host::Ipv6(v6) => Some(IpAddr::V6(v6)),
        url::Host::Domain(_) => None,
    };
    match url.scheme() {
        "https" => {}
        "http" if allow_private && (loopback_name || ip.is_some_and(|ip| ip.is_loopback())) => {}
        "http" => return Err(Refused::NotHttps),
        _ => return Err(Refused::BadUrl),
    }
    if !allow_private && (loopback_name || ip.is_some_and(|ip| !is_public(ip))) {
        return Err(Refused::PrivateAddress);
    }
    Ok(url)
}

/// DNS resolution that drops non-public addresses (unless private callbacks are allowed).
#[derive(Debug, Clone)]
pub struct GuardedResolver {
    pub allow_private: bool,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let host = format!("{}:0", name.as_str());
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host(host).await?.collect();
            let allowed: Vec<SocketAddr> = addrs.into_iter().filter(|a| allow_private || is_public(a.ip())).collect();
            if allowed.is_empty() {
                return Err(Box::new(Refused::PrivateAddress) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(allowed.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_and_special_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "198.18.0.1",
            "198.19.255.254",
            "64:ff9b::a00:1",
            "64:ff9b::808:808",
            "64:ff9b:1::1",
            "2002:a00:1::1",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "2001:db8::1",
            "::10.0.0.1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["8.8.8.8", "1.1.1.1", "198.20.0.1", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "2001:4860::8888"]
        {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn urls() {
        assert!(check_url("https://merchant.example/cb", false).is_ok());
        assert_eq!(check_url("http://merchant.example/cb", false), Err(Refused::NotHttps));
        assert_eq!(check_url("http://merchant.example/cb", true), Err(Refused::NotHttps));
        assert_eq!(check_url("https://127.0.0.1/cb", false), Err(Refused::PrivateAddress));
        assert_eq!(check_url("https://[::1]/cb", false), Err(Refused::PrivateAddress));
        assert_eq!(check_url("https://169.254.169.254/latest", false), Err(Refused::PrivateAddress));
        assert_eq!(check_url("https://localhost/cb", false), Err(Refused::PrivateAddress));
        assert!(check_url("http://127.0.0.1:8080/cb", true).is_ok());
        assert!(check_url("http://localhost:8080/cb", true).is_ok());
        assert!(check_url("https://10.0.0.5/cb", true).is_ok());
        assert_eq!(check_url("ftp://x.example/", true), Err(Refused::BadUrl));
    }

    #[tokio::test]
    async fn resolver_refuses_names_of_private_addresses() {
        let guarded = GuardedResolver { allow_private: false };
        let name: Name = "localhost".parse().unwrap();
        assert!(guarded.resolve(name).await.is_err());
        let open = GuardedResolver { allow_private: true };
        let name: Name = "localhost".parse().unwrap();
        assert!(open.resolve(name).await.is_ok());
    }
}
