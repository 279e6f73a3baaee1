//! The sandbox acquirer and issuer: test card numbers choose the outcome (decisions.md §10),
//! and the issuer's results (`PaRes`) are signed so a forged or altered one is refused.

use async_trait::async_trait;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::domain::acquirer::{Acquirer, AcquirerError, Authorization, Card, ThreeDsOutcome};
use crate::domain::payment::{AscInfo, Payment, RedirectInfo};
use crate::domain::state_machine::reason;
use crate::secret::Secret;

/// Frictionless success (so is any other valid card).
pub const CARD_SUCCESS: &str = "4242424242424242";
/// 3DS challenge; the one-time code is [`ONE_TIME_CODE`].
pub const CARD_3DS: &str = "4000000000003220";
/// Redirect to the bank's page.
pub const CARD_REDIRECT: &str = "4000000000003063";
/// Declined by the issuer.
pub const CARD_DECLINED: &str = "4000000000000002";
/// Insufficient funds.
pub const CARD_NO_FUNDS: &str = "4000000000009995";
/// The acquirer never answers (an authorization cut off, as by a crash): the payment is
/// declined `Card authorization not completed` after `KASSA_CARD_AUTH_TIMEOUT_S`.
pub const CARD_NO_ANSWER: &str = "4000000000000077";
/// The sandbox issuer's one-time code.
pub const ONE_TIME_CODE: &str = "123456";
/// Wrong codes before the issuer gives up.
pub const MAX_WRONG_CODES: u32 = 3;

pub struct SandboxAcquirer {
    public_url: String,
    /// Signs `PaRes` (a secret of the service, shared by its processes).
    key: Secret<String>,
    /// Authorizations asked per payment (`request_id`), so tests can see how often a payment
    /// reached the acquirer.
    authorizations: std::sync::Mutex<std::collections::HashMap<String, usize>>,
}

/// What a `PaRes` says.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
struct PaResClaims {
    /// The payment (`MD`).
    md: String,
    /// `Y` authenticated, `N` not.
    status: String,
}

impl SandboxAcquirer {
    pub fn new(public_url: &str, key: Secret<String>) -> Self {
        SandboxAcquirer {
            public_url: public_url.trim_end_matches('/').to_string(),
            key,
            authorizations: Default::default(),
        }
    }

    fn mac(&self, data: &str) -> Vec<u8> {
        let mut mac = Hmac::<Sha256>::new_from_slice(self.key.expose().as_bytes()).expect("any key length");
        mac.update(data.as_bytes());
        mac.finalize().into_bytes().to_vec()
    }

    /// The issuer's signed answer for payment `md`.
    pub fn pa_res(&self, md: &str, authenticated: bool) -> String {
        let claims = PaResClaims { md: md.to_string(), status: if authenticated { "Y" } else { "N" }.into() };
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).expect("claims serialize"));
        let signature = URL_SAFE_NO_PAD.encode(self.mac(&payload));
        format!("{payload}.{signature}")
    }

    fn verify(&self, pa_res: &str) -> Option<PaResClaims> {
        let (payload, signature) = pa_res.trim().split_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        let mut mac = Hmac::<Sha256>::new_from_slice(self.key.expose().as_bytes()).ok()?;
        mac.update(payload.as_bytes());
        mac.verify_slice(&signature).ok()?;
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()
    }

    /// `PaReq`: what the issuer is asked to authenticate (opaque to the merchant).
    fn pa_req(&self, payment: &Payment) -> String {
        let payload = format!("{}:{}:{}", payment.request_id, payment.amount, payment.currency.code);
        let signature = URL_SAFE_NO_PAD.encode(self.mac(&payload));
        format!("{}.{signature}", URL_SAFE_NO_PAD.encode(payload))
    }

    /// How many authorizations the acquirer was asked for, for a payment.
    pub fn authorizations(&self, request_id: &str) -> usize {
        self.authorizations.lock().expect("sandbox counter lock").get(request_id).copied().unwrap_or(0)
    }

    /// Whether `pa_req` is the one made for `payment`.
    pub fn pa_req_matches(&self, payment: &Payment, pa_req: &str) -> bool {
        use subtle::ConstantTimeEq;
        self.pa_req(payment).as_bytes().ct_eq(pa_req.trim().as_bytes()).into()
    }
}

/// A card is valid through the end of its expiry month (decisions.md §10).
fn expired(year: i64, month: i64, now_ms: i64) -> bool {
    let (y, m, _) = crate::domain::time::civil_date(now_ms);
    kassa_rules::card::check_expiry(month, year, y, m).is_err()
}

#[async_trait]
impl Acquirer for SandboxAcquirer {
    async fn authorize(&self, payment: &Payment, card: &Card) -> Result<Authorization, AcquirerError> {
        *self.authorizations.lock().expect("sandbox counter lock").entry(payment.request_id.clone()).or_default() += 1;
        // An acquirer answers over the network: long enough for concurrent submissions to meet.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        if expired(card.year, card.month, crate::domain::time::now_ms()) {
            return Ok(Authorization::Declined(reason::CARD_EXPIRED));
        }
        if card.pan.expose() == CARD_NO_ANSWER {
            // Holds the authorization far beyond any timeout; the deadline decides.
            tokio::time::sleep(std::time::Duration::from_secs(24 * 3600)).await;
        }
        Ok(match card.pan.expose().as_str() {
            CARD_DECLINED => Authorization::Declined(reason::DECLINED_BY_ISSUER),
            CARD_NO_FUNDS => Authorization::Declined(reason::INSUFFICIENT_FUNDS),
            CARD_3DS => Authorization::Challenge(AscInfo {
                pa_req: self.pa_req(payment),
                acs_url: format!("{}/sandbox/acs", self.public_url),
                md: payment.request_id.clone(),
            }),
            CARD_REDIRECT => Authorization::Redirect(RedirectInfo {
                method: "POST".into(),
                url: format!("{}/sandbox/bank", self.public_url),
                body: url::form_urlencoded::Serializer::new(String::new())
                    .append_pair("MD", &payment.request_id)
                    .append_pair("PaReq", &self.pa_req(payment))
                    .finish(),
            }),
            _ => Authorization::Approved {
                reference: format!("sbx-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]),
            },
        })
    }

    async fn complete_3ds(&self, payment: &Payment, pa_res: &str, md: &str) -> Result<ThreeDsOutcome, AcquirerError> {
        let ok = md == payment.request_id
            && self.verify(pa_res).is_some_and(|c| c.md == payment.request_id && c.status == "Y");
        Ok(if ok { ThreeDsOutcome::Authenticated } else { ThreeDsOutcome::Failed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acquirer() -> SandboxAcquirer {
        SandboxAcquirer::new("https://kassa.example", Secret::new("k".repeat(32)))
    }

    #[test]
    fn pa_res_is_signed() {
        let a = acquirer();
        let good = a.pa_res("req-1", true);
        assert_eq!(a.verify(&good), Some(PaResClaims { md: "req-1".into(), status: "Y".into() }));
        // Altered payload: another payment, or a failure turned into a success.
        let (_, sig) = good.split_once('.').unwrap();
        let forged = format!("{}.{sig}", URL_SAFE_NO_PAD.encode(br#"{"md":"req-2","status":"Y"}"#));
        assert_eq!(a.verify(&forged), None);
        let no = a.pa_res("req-1", false);
        let (payload, _) = no.split_once('.').unwrap();
        assert_eq!(a.verify(&format!("{payload}.{sig}")), None);
        assert_eq!(a.verify("garbage"), None);
        // Another key does not verify it.
        let other = SandboxAcquirer::new("https://kassa.example", Secret::new("x".repeat(32)));
        assert_eq!(other.verify(&good), None);
    }

    #[test]
    fn cards_expire_after_their_month() {
        // 2026-11-22
        let now = 1_795_305_600_000;
        assert!(!expired(2026, 11, now));
        assert!(!expired(2027, 1, now));
        assert!(expired(2026, 10, now));
        assert!(expired(2020, 12, now));
    }

    #[test]
    fn test_cards_pass_luhn() {
        for pan in [CARD_SUCCESS, CARD_3DS, CARD_REDIRECT, CARD_DECLINED, CARD_NO_FUNDS, CARD_NO_ANSWER] {
            assert!(kassa_rules::card::is_card_number(pan), "{pan}");
        }
    }
}
