//! The client's address as the brakes, the API's per-address limit and the audit see it:
//! the connection's peer, or, when the peer is a trusted reverse proxy (`KASSA_TRUSTED_PROXIES`),
//! the address the proxies forwarded (`Forwarded`, else `X-Forwarded-For`). The forwarded list
//! is read from its right end, skipping trusted proxies, so a client cannot name itself by
//! sending the header: its own entry is the leftmost, behind the first untrusted hop.

use std::net::IpAddr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The client's address, computed once per request by the server loop.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp(pub IpAddr);

/// The address the request came from: `peer`, or what trusted proxies in front of it forwarded.
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(&canonical(*ip)));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops = forwarded_hops(headers);
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop {
            Some(ip) if is_trusted(ip) => client = *ip,
            Some(ip) => return *ip,
            // An entry that is no address ("unknown", an obfuscated name): the last trusted
            // hop is all that is known.
            None => return client,
        }
    }
    client
}

fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The forwarded addresses, nearest the client first: from `Forwarded` (RFC 7239) when
/// present, else `X-Forwarded-For`; every header line, in order.
fn forwarded_hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let lines = |name: &str| -> Vec<String> {
        headers.get_all(name).iter().filter_map(|v| v.to_str().ok()).map(str::to_string).collect()
    };
    let forwarded = lines("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|line| line.split(','))
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, v)| node_address(v.trim().trim_matches('"')))
            })
            .collect();
    }
    lines("x-forwarded-for").iter().flat_map(|line| line.split(',')).map(|v| node_address(v.trim())).collect()
}

/// An address from a node: `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]`, `[2001:db8::1]:4711`
/// or a bare IPv6 address.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split_once(']').and_then(|(ip, _)| ip.parse().ok());
    }
    node.parse()
        .ok()
        .or_else(|| node.rsplit_once(':').and_then(|(ip, _)| ip.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse_proxy;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(), v.parse().unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_sends() {
        let trusted = [parse_proxy("10.0.0.0/8").unwrap()];
        let h = headers(&[("x-forwarded-for", "1.2.3.4")]);
        assert_eq!(client_ip(ip("203.0.113.9"), &h, &trusted), ip("203.0.113.9"));
        assert_eq!(client_ip(ip("10.0.0.5"), &h, &[]), ip("10.0.0.5"), "nothing trusted: the peer");
    }

    #[test]
    fn behind_trusted_proxies_the_first_untrusted_hop_from_the_right() {
        let trusted = [parse_proxy("10.0.0.0/8").unwrap(), parse_proxy("127.0.0.1").unwrap()];
        // The client sent a made-up entry; the proxies appended what they saw.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7, 10.1.1.1")]);
        assert_eq!(client_ip(ip("10.0.0.5"), &h, &trusted), ip("198.51.100.7"));
        let h = headers(&[("x-forwarded-for", "6.6.6.6"), ("x-forwarded-for", "198.51.100.7")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &trusted), ip("198.51.100.7"), "lines in order");
        let h = headers(&[("forwarded", "for=6.6.6.6, for=\"[2001:db8::1]:4711\";proto=https")]);
        assert_eq!(client_ip(ip("10.0.0.5"), &h, &trusted), ip("2001:db8::1"));
        let h = headers(&[("forwarded", "for=198.51.100.7:1234;by=10.0.0.5")]);
        assert_eq!(client_ip(ip("10.0.0.5"), &h, &trusted), ip("198.51.100.7"));
        // Unknown, or no header: the last trusted hop.
        let h = headers(&[("x-forwarded-for", "unknown, 10.2.2.2")]);
        assert_eq!(client_ip(ip("10.0.0.5"), &h, &trusted), ip("10.2.2.2"));
        assert_eq!(client_ip(ip("10.0.0.5"), &HeaderMap::new(), &trusted), ip("10.0.0.5"));
        // An IPv4 peer seen as IPv4-mapped IPv6 is the same peer.
        assert_eq!(
            client_ip(ip("::ffff:10.0.0.5"), &headers(&[("x-forwarded-for", "198.51.100.7")]), &trusted),
            ip("198.51.100.7")
        );
    }
}
