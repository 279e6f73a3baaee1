//! Payin create requests as received (H2H p2p, widget, H2H e-commerce) and their shape checks:
//! types, lengths and the formats every request follows (merchant-api.md Resources, Limits).
//! What depends on the country, the method or the project is the domain's
//! ([`crate::domain::payin`]); both sides' errors are reported together.

use serde::Deserialize;
use utoipa::ToSchema;

use super::AppState;
use super::error::ApiError;
use super::field::{Check, Field, Text};
use super::merchant::Fingerprint;
use crate::domain::acquirer::Card;
use crate::domain::catalogue::Integration;
use crate::domain::payin::{Block, CustomerDraft, IdentificationDraft, PayinDraft, PaymentDraft, SenderDraft};
use crate::domain::payment::Urls;
use crate::domain::payments::Created;
use crate::domain::project::Project;
use crate::domain::rules::{self, MAX_AMOUNT};
use crate::secret::Secret;

/// Block `general` of create requests.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GeneralIn {
    /// Project identifier issued at onboarding.
    #[schema(required = true, value_type = String, max_length = 32)]
    #[serde(default)]
    pub project_id: Field<String>,
    /// Unique within the project.
    #[schema(required = true, value_type = String, max_length = 255)]
    #[serde(default)]
    pub payment_id: Field<String>,
    /// Receives informative callbacks.
    #[schema(value_type = Option<String>, max_length = 2048)]
    #[serde(default)]
    pub merchant_callback_url: Field<String>,
    /// Receives the success callback.
    #[schema(value_type = Option<String>, max_length = 2048)]
    #[serde(default)]
    pub merchant_success_callback_url: Field<String>,
    /// Receives the decline callback.
    #[schema(value_type = Option<String>, max_length = 2048)]
    #[serde(default)]
    pub merchant_decline_callback_url: Field<String>,
    /// Where the payment page sends the user afterwards (not in e-commerce H2H).
    #[schema(value_type = Option<String>, max_length = 2048)]
    #[serde(default)]
    pub redirect_url: Field<String>,
}

/// Block `payment` of create requests.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PaymentIn {
    /// Method code from the country tables (H2H).
    #[schema(value_type = Option<String>, max_length = 32, example = "card-p2p")]
    #[serde(default)]
    pub method: Field<String>,
    /// Widget method pre-selected on the page (widget requests; required in KZ).
    #[schema(value_type = Option<String>, max_length = 32, example = "payin-p2p-card")]
    #[serde(default)]
    pub widget_method: Field<String>,
    /// Minor units, 1 to 10000000000000.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 10000000000000_i64, example = 150000)]
    #[serde(default)]
    pub amount: Field<i64>,
    /// ISO 4217 alpha-3.
    #[schema(required = true, value_type = String, pattern = "^[A-Z]{3}$", example = "RUB")]
    #[serde(default)]
    pub currency: Field<String>,
    /// Seconds; ranges per country in the Limits table.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub lifetime: Field<i64>,
    /// Bank to receive the transfer (required in NG H2H for `account-number`).
    #[schema(value_type = Option<String>, max_length = 32)]
    #[serde(default)]
    pub bank_symbol: Field<String>,
    /// UZ: `humo` or `uzcard`.
    #[schema(value_type = Option<String>, max_length = 32)]
    #[serde(default)]
    pub payment_system: Field<String>,
    #[schema(value_type = Option<String>, max_length = 255)]
    #[serde(default)]
    pub description: Field<String>,
    /// Routing parameter.
    #[schema(value_type = Option<String>, pattern = "^[A-Za-z0-9_-]{1,16}$")]
    #[serde(default)]
    pub extra_param: Field<String>,
}

/// Block `sender` (H2H p2p; widget requests use only `bank_symbol`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SenderIn {
    /// Sender card number (12 to 19 digits, Luhn).
    #[schema(value_type = Option<String>, max_length = 32)]
    #[serde(default)]
    pub pan: Field<Secret<String>>,
    #[schema(value_type = Option<String>, max_length = 24)]
    #[serde(default)]
    pub phone: Field<String>,
    #[schema(value_type = Option<String>, max_length = 32)]
    #[serde(default)]
    pub bank_symbol: Field<String>,
    #[schema(value_type = Option<String>, max_length = 255)]
    #[serde(default)]
    pub card_holder: Field<String>,
}

/// `customer.identification_data` (AR).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct IdentificationIn {
    /// `CUIT` or `CUIL`.
    #[schema(required = true, value_type = String)]
    #[serde(default)]
    pub document_type: Field<String>,
    #[schema(required = true, value_type = String, pattern = "^\\d{11}$")]
    #[serde(default)]
    pub document_number: Field<String>,
}

/// Block `customer`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CustomerIn {
    #[schema(required = true, value_type = String, max_length = 255)]
    #[serde(default)]
    pub id: Field<String>,
    #[schema(required = true, value_type = String, max_length = 255, example = "203.0.113.7")]
    #[serde(default)]
    pub ip_address: Field<String>,
    /// ISO 3166-1 alpha-2 of the payer.
    #[schema(required = true, value_type = String, pattern = "^[A-Z]{2}$")]
    #[serde(default)]
    pub country: Field<String>,
    /// Required in KR H2H.
    #[schema(value_type = Option<String>, max_length = 255)]
    #[serde(default)]
    pub first_name: Field<String>,
    /// Required in KR H2H.
    #[schema(value_type = Option<String>, max_length = 255)]
    #[serde(default)]
    pub last_name: Field<String>,
    #[schema(value_type = Option<String>, pattern = "^(ftd|trust)$")]
    #[serde(default)]
    pub customer_type: Field<String>,
    /// Page language (ISO 639-1).
    #[schema(value_type = Option<String>, pattern = "^[a-z]{2}$")]
    #[serde(default)]
    pub language: Field<String>,
    /// Required for NG, ZA, KE.
    #[schema(value_type = Option<String>, max_length = 255, format = Email)]
    #[serde(default)]
    pub email: Field<String>,
    #[schema(value_type = Option<String>, max_length = 512)]
    #[serde(default)]
    pub browser: Field<String>,
    #[schema(value_type = Option<String>, max_length = 512)]
    #[serde(default)]
    pub device_type: Field<String>,
    #[schema(value_type = Option<String>, max_length = 1024)]
    #[serde(default)]
    pub user_agent: Field<String>,
    /// AR only; ignored elsewhere.
    #[schema(value_type = Option<IdentificationIn>)]
    #[serde(default)]
    pub identification_data: Field<IdentificationIn>,
}

/// Block `card` (e-commerce H2H).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CardIn {
    /// Card number, 12 to 19 digits passing Luhn, no spaces.
    #[schema(required = true, value_type = String, max_length = 32, example = "4242424242424242")]
    #[serde(default)]
    pub pan: Field<Secret<String>>,
    #[schema(required = true, value_type = i64, minimum = 2020, maximum = 2099)]
    #[serde(default)]
    pub year: Field<i64>,
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 12)]
    #[serde(default)]
    pub month: Field<i64>,
    #[schema(required = true, value_type = String, max_length = 255)]
    #[serde(default)]
    pub card_holder: Field<String>,
    #[schema(value_type = Option<String>, pattern = "^\\d{3,4}$")]
    #[serde(default)]
    pub cvv: Field<Secret<String>>,
}

/// One create request, whichever endpoint it came through.
pub struct PayinInput<'a> {
    pub integration: Integration,
    pub general: &'a Field<GeneralIn>,
    pub payment: &'a Field<PaymentIn>,
    pub sender: &'a Field<SenderIn>,
    pub customer: &'a Field<CustomerIn>,
    pub card: Option<&'a Field<CardIn>>,
}

const MAX_URL: usize = 2048;
const CARD_NUMBER: &str = "must be a card number of 12 to 19 digits passing the Luhn check";
const HOLDER: &str = "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes";

/// Shape-checks a create request and hands it to the domain, which applies the catalogue's
/// rules and creates the payment (or finds the one an identical earlier request created).
pub async fn create_payin(
    state: &AppState,
    project: &Project,
    fingerprint: &Fingerprint,
    input: PayinInput<'_>,
) -> Result<Created, ApiError> {
    let draft = draft(input, fingerprint, state.config.allow_private_callbacks);
    Ok(state.payments.create_payin(project, draft).await?)
}

/// The shape checks of a create request, every one, into a draft for the domain.
pub fn draft(input: PayinInput<'_>, fingerprint: &Fingerprint, allow_loopback_http: bool) -> PayinDraft {
    let mut c = Check::default();
    let integration = input.integration;

    // general
    let general = c.block("general", input.general, true);
    let payment_id = general.and_then(|g| c.text("general.payment_id", &g.payment_id, true, &Text::max(255)));
    let url = |c: &mut Check, name: &str, value: &Field<String>| -> Option<String> {
        let s = c.text(name, value, false, &Text::max(MAX_URL))?;
        match rules::check_https_url(&s, MAX_URL, allow_loopback_http) {
            Ok(()) => Some(s),
            Err(problem) => {
                c.fail(name, problem.message(MAX_URL));
                None
            }
        }
    };
    let urls = match general {
        Some(g) => Urls {
            callback: url(&mut c, "general.merchant_callback_url", &g.merchant_callback_url),
            success_callback: url(&mut c, "general.merchant_success_callback_url", &g.merchant_success_callback_url),
            decline_callback: url(&mut c, "general.merchant_decline_callback_url", &g.merchant_decline_callback_url),
            // The e-commerce H2H request has no redirect_url (merchant-api.md): ignored there.
            redirect: if integration == Integration::H2hEcom {
                None
            } else {
                url(&mut c, "general.redirect_url", &g.redirect_url)
            },
        },
        None => Urls::default(),
    };

    // payment
    let payment = c.block("payment", input.payment, true).map(|p| PaymentDraft {
        currency: c.text(
            "payment.currency",
            &p.currency,
            true,
            &Text::pattern(3, "^[A-Z]{3}$", &|s| rules::is_upper_code(s, 3)),
        ),
        amount: c.integer("payment.amount", &p.amount, true, 1..=MAX_AMOUNT),
        method: match integration {
            Integration::Widget => None,
            _ => c.text("payment.method", &p.method, false, &Text::max(32)),
        },
        widget_method: match integration {
            Integration::Widget => c.text("payment.widget_method", &p.widget_method, false, &Text::max(32)),
            _ => None,
        },
        lifetime: c.integer("payment.lifetime", &p.lifetime, false, i64::MIN..=i64::MAX),
        description: c.text("payment.description", &p.description, false, &Text { min: 0, ..Text::max(255) }),
        extra_param: c.text(
            "payment.extra_param",
            &p.extra_param,
            false,
            &Text::pattern(16, "^[A-Za-z0-9_-]{1,16}$", &rules::is_extra_param),
        ),
        payment_system: c.text("payment.payment_system", &p.payment_system, false, &Text::max(32)),
        bank_symbol: c.text("payment.bank_symbol", &p.bank_symbol, false, &Text::max(32)),
    });

    // sender
    let sender = match integration {
        Integration::H2hP2p => match input.sender {
            Field::Absent => Block::Absent,
            Field::Null => Block::Null,
            other => match c.block("sender", other, false) {
                Some(s) => Block::Present(SenderDraft {
                    pan: c.secret_text(
                        "sender.pan",
                        &s.pan,
                        false,
                        &Text::pattern(32, CARD_NUMBER, &rules::is_card_number),
                    ),
                    phone: c.text("sender.phone", &s.phone, false, &Text::max(24)),
                    bank_symbol: c.text("sender.bank_symbol", &s.bank_symbol, false, &Text::max(32)),
                    card_holder: c.text(
                        "sender.card_holder",
                        &s.card_holder,
                        false,
                        &Text::pattern(255, HOLDER, &rules::is_card_holder),
                    ),
                }),
                None => Block::Absent,
            },
        },
        // Widget requests carry only sender.bank_symbol; other sender fields are ignored.
        Integration::Widget => match c.block("sender", input.sender, false) {
            Some(s) => Block::Present(SenderDraft {
                bank_symbol: c.text("sender.bank_symbol", &s.bank_symbol, false, &Text::max(32)),
                ..SenderDraft::default()
            }),
            None => Block::Absent,
        },
        Integration::H2hEcom => Block::Absent,
    };

    // customer
    let customer = c.block("customer", input.customer, true).map(|b| customer(&mut c, b));

    // card
    let card = input.card.and_then(|card| parse_card(&mut c, card));

    PayinDraft {
        integration,
        payment_id,
        urls,
        payment,
        sender,
        customer,
        card,
        request_hash: fingerprint.keyed.clone(),
        legacy_request_hash: fingerprint.legacy.clone(),
        violations: c.into_violations(),
    }
}

fn customer(c: &mut Check, block: &CustomerIn) -> CustomerDraft {
    CustomerDraft {
        id: c.text("customer.id", &block.id, true, &Text::max(255)),
        ip_address: c.text(
            "customer.ip_address",
            &block.ip_address,
            true,
            &Text::pattern(255, "must be an IPv4 or IPv6 address", &rules::is_ip_address),
        ),
        country: c.text(
            "customer.country",
            &block.country,
            true,
            &Text::pattern(2, "^[A-Z]{2}$", &|s| rules::is_upper_code(s, 2)),
        ),
        first_name: c.text("customer.first_name", &block.first_name, false, &Text::max(255)),
        last_name: c.text("customer.last_name", &block.last_name, false, &Text::max(255)),
        customer_type: c.text(
            "customer.customer_type",
            &block.customer_type,
            false,
            &Text::pattern(5, "^(ftd|trust)$", &|s| s == "ftd" || s == "trust"),
        ),
        language: c.text(
            "customer.language",
            &block.language,
            false,
            &Text::pattern(2, "^[a-z]{2}$", &rules::is_language_code),
        ),
        email: c.text(
            "customer.email",
            &block.email,
            false,
            &Text::pattern(255, "must be an email address", &rules::is_email),
        ),
        browser: c.text("customer.browser", &block.browser, false, &Text::max(512)),
        device_type: c.text("customer.device_type", &block.device_type, false, &Text::max(512)),
        user_agent: c.text("customer.user_agent", &block.user_agent, false, &Text::max(1024)),
        // Read only where the country asks for it: its shape errors wait for the domain.
        identification_data: match &block.identification_data {
            Field::Absent | Field::Null => None,
            other => {
                let mut d = Check::default();
                let draft = d.block("customer.identification_data", other, false).map(|i| IdentificationDraft {
                    document_type: d.text(
                        "customer.identification_data.document_type",
                        &i.document_type,
                        false,
                        &Text::max(255),
                    ),
                    document_number: d.text(
                        "customer.identification_data.document_number",
                        &i.document_number,
                        false,
                        &Text::max(255),
                    ),
                    shape_errors: Default::default(),
                });
                let shape_errors = d.into_violations();
                Some(match draft {
                    Some(draft) => IdentificationDraft { shape_errors, ..draft },
                    None => IdentificationDraft { shape_errors, ..Default::default() },
                })
            }
        },
    }
}

fn parse_card(c: &mut Check, card: &Field<CardIn>) -> Option<Card> {
    let block = c.block("card", card, true)?;
    let pan = c.secret_text("card.pan", &block.pan, true, &Text::pattern(32, CARD_NUMBER, &rules::is_card_number));
    let year = c.integer("card.year", &block.year, true, 2020..=2099);
    let month = c.integer("card.month", &block.month, true, 1..=12);
    let holder =
        c.text("card.card_holder", &block.card_holder, true, &Text::pattern(255, HOLDER, &rules::is_card_holder));
    let cvv = c.secret_text("card.cvv", &block.cvv, false, &Text::pattern(4, "^\\d{3,4}$", &rules::is_cvv));
    Some(Card { pan: pan?, cvv, year: year?, month: month?, holder: holder? })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    /// Values a field might hold: any scalar, and the values the catalogue knows (so that the
    /// checks past the shape are reached too).
    fn scalar() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| serde_json::json!(n)),
            any::<u64>().prop_map(|n| serde_json::json!(n)),
            (-1.0e15f64..1.0e15).prop_map(|f| serde_json::json!(f)),
            ".{0,24}".prop_map(Value::String),
            prop::sample::select(vec![
                "RUB",
                "KZT",
                "NGN",
                "KES",
                "card-p2p",
                "sbp-p2p",
                "ussd",
                "payin-p2p-card",
                "payin-ecom-card",
                "card-ecom",
                "RU",
                "KZ",
                "NG",
                "4242424242424242",
                "+79001234567",
                "https://a.example/cb",
                "http://127.0.0.1/x",
                "1.2.3.4",
                "sberbank",
                "123",
                "2030",
                "IVAN PETROV",
                "",
            ])
            .prop_map(|s| Value::String(s.to_string())),
        ]
    }

    /// A block of a create request: an object of the request's field names (some nested), or
    /// something that is not an object at all.
    fn block() -> impl Strategy<Value = Value> {
        let names = prop::sample::select(vec![
            "project_id",
            "payment_id",
            "merchant_callback_url",
            "merchant_success_callback_url",
            "merchant_decline_callback_url",
            "redirect_url",
            "amount",
            "currency",
            "method",
            "widget_method",
            "lifetime",
            "description",
            "extra_param",
            "bank_symbol",
            "payment_system",
            "id",
            "ip_address",
            "country",
            "email",
            "language",
            "phone",
            "pan",
            "card_holder",
            "year",
            "month",
            "cvv",
            "document_type",
            "document_number",
        ]);
        let value = scalar().prop_recursive(2, 16, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
                prop::collection::btree_map(".{0,8}", inner, 0..3).prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        });
        prop_oneof![
            4 => prop::collection::btree_map(names, value, 0..10)
                .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
            1 => scalar(),
        ]
    }

    fn request() -> impl Strategy<Value = Value> {
        let part = || prop::option::of(block());
        (part(), part(), part(), part(), part()).prop_map(|(g, p, s, c, card)| {
            let mut body = serde_json::Map::new();
            for (name, block) in [("general", g), ("payment", p), ("sender", s), ("customer", c), ("card", card)] {
                if let Some(b) = block {
                    body.insert(name.to_string(), b);
                }
            }
            Value::Object(body)
        })
    }

    fn fingerprint() -> Fingerprint {
        Fingerprint { keyed: "k1:x".into(), legacy: "legacy:y".into() }
    }

    proptest! {
        /// Any create body of any endpoint is either refused at the shape (a 400 with its
        /// errors) or becomes a draft; it never panics.
        #[test]
        fn any_create_body_is_answered(body in request(), loopback in any::<bool>()) {
            if let Ok(r) = serde_json::from_value::<crate::http::p2p::P2pPayinRequest>(body.clone()) {
                let input = PayinInput {
                    integration: Integration::H2hP2p, general: &r.general, payment: &r.payment,
                    sender: &r.sender, customer: &r.customer, card: None,
                };
                let _ = draft(input, &fingerprint(), loopback);
            }
            if let Ok(r) = serde_json::from_value::<crate::http::ecom::EcomPayinRequest>(body.clone()) {
                let no_sender = Field::<SenderIn>::Absent;
                let input = PayinInput {
                    integration: Integration::H2hEcom, general: &r.general, payment: &r.payment,
                    sender: &no_sender, customer: &r.customer, card: Some(&r.card),
                };
                let _ = draft(input, &fingerprint(), loopback);
            }
            if let Ok(r) = serde_json::from_value::<crate::http::widget::WidgetPayinRequest>(body) {
                let input = PayinInput {
                    integration: Integration::Widget, general: &r.general, payment: &r.payment,
                    sender: &r.sender, customer: &r.customer, card: None,
                };
                let _ = draft(input, &fingerprint(), loopback);
            }
        }
    }

    #[test]
    fn requests_holding_a_card_never_print_it() {
        let body = serde_json::json!({
            "card": {"pan": "4242424242424242", "cvv": "987", "year": 2030, "month": 1, "card_holder": "A B"},
            "sender": {"pan": "5555555555554444"}
        });
        let card: CardIn = serde_json::from_value(body["card"].clone()).unwrap();
        let sender: SenderIn = serde_json::from_value(body["sender"].clone()).unwrap();
        let shown = format!("{card:?} {sender:?}");
        for secret in ["4242424242424242", "987", "5555555555554444"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        let mut c = Check::default();
        let parsed = parse_card(&mut c, &Field::Value(card)).unwrap();
        assert_eq!(parsed.pan.expose(), "4242424242424242");
        assert!(!format!("{parsed:?}").contains("4242424242424242"));
    }
}
