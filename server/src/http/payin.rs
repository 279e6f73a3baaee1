//! Payin create requests as received (H2H p2p, widget, H2H e-commerce) and their parsing into
//! a validated [`NewPayin`]: every field rule of merchant-api.md (Resources, Limits) and every
//! country rule, all invalid fields reported at once.

use serde::Deserialize;
use utoipa::ToSchema;

use super::AppState;
use super::error::{ApiError, FieldError};
use super::field::{Check, Field, Text};
use crate::domain::catalogue::{self, Country, Currency, Integration, LifetimeRange, Method, WidgetMethod};
use crate::domain::payment::{Customer, Details, IdentificationData, MaskedCard, Sender, Urls, mask_name, mask_pan};
use crate::domain::payments::{Created, NewPayin};
use crate::domain::project::Project;
use crate::domain::rules::{self, MAX_AMOUNT};
use crate::secret::Secret;
use crate::storage::Storage;

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
    pub pan: Field<String>,
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
    pub pan: Field<String>,
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
    pub cvv: Field<String>,
}

/// Card data for the authorization only: in memory, never stored, never logged.
#[derive(Clone, Debug)]
pub struct CardInput {
    pub pan: Secret<String>,
    pub cvv: Option<Secret<String>>,
    pub year: i64,
    pub month: i64,
    pub card_holder: String,
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

/// Where the payment belongs in the catalogue once its currency and method are known.
struct Placement {
    country: Country,
    method: Option<Method>,
    widget_method: Option<WidgetMethod>,
    lifetime: LifetimeRange,
}

const MAX_URL: usize = 2048;

/// Validates a create request and creates its payment, or finds the one an identical earlier
/// request created. The card (e-commerce) is handed back for the authorization only.
pub async fn create_payin(
    state: &AppState,
    project: &Project,
    body_digest: &str,
    input: PayinInput<'_>,
) -> Result<(Created, Option<CardInput>), ApiError> {
    let storage = state.storage.as_ref();
    let allow_loopback_http = state.config.allow_private_callbacks;
    let (new, card) = parse_payin(storage, project, input, body_digest.to_string(), allow_loopback_http).await?;
    Ok((state.payments.create(new).await?, card))
}

/// Parses and validates a create request. Bank symbols are checked against the catalogue.
async fn parse_payin(
    storage: &dyn Storage,
    project: &Project,
    input: PayinInput<'_>,
    request_hash: String,
    allow_loopback_http: bool,
) -> Result<(NewPayin, Option<CardInput>), ApiError> {
    let mut c = Check::default();

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
            redirect: if input.integration == Integration::H2hEcom {
                None
            } else {
                url(&mut c, "general.redirect_url", &g.redirect_url)
            },
        },
        None => Urls::default(),
    };

    // payment
    let payment = c.block("payment", input.payment, true);
    let currency_code = payment.and_then(|p| {
        c.text("payment.currency", &p.currency, true, &Text::pattern(3, "^[A-Z]{3}$", &|s| rules::is_upper_code(s, 3)))
    });
    let amount = payment.and_then(|p| c.integer("payment.amount", &p.amount, true, 1..=MAX_AMOUNT));
    let currency = currency_code.as_deref().and_then(|code| match Currency::parse(code) {
        Some(cur) => Some(cur),
        None => {
            c.fail("payment.currency", format!("{code} is not supported"));
            None
        }
    });
    let placement = match (payment, currency) {
        (Some(p), Some(cur)) => place(&mut c, input.integration, p, cur, project),
        _ => None,
    };
    let lifetime = match (payment, &placement) {
        (Some(p), Some(place)) => {
            let range = place.lifetime;
            match &p.lifetime {
                Field::Absent | Field::Null => Some(range.default as i64),
                Field::Value(n) if range.contains(*n) => Some(*n),
                Field::Value(_) => {
                    c.fail("payment.lifetime", format!("must be from {} to {} seconds", range.min, range.max));
                    None
                }
                Field::Invalid => {
                    c.fail("payment.lifetime", "must be an integer");
                    None
                }
            }
        }
        _ => None,
    };
    let country = placement.as_ref().map(|p| p.country);
    let method = placement.as_ref().and_then(|p| p.method);
    let description =
        payment.and_then(|p| c.text("payment.description", &p.description, false, &Text { min: 0, ..Text::max(255) }));
    let extra_param = payment.and_then(|p| {
        c.text(
            "payment.extra_param",
            &p.extra_param,
            false,
            &Text::pattern(16, "^[A-Za-z0-9_-]{1,16}$", &rules::is_extra_param),
        )
    });
    let payment_system =
        payment.and_then(|p| c.text("payment.payment_system", &p.payment_system, false, &Text::max(32)));
    if let (Some(ps), Some(Country::UZ)) = (&payment_system, country)
        && ps != "humo"
        && ps != "uzcard"
    {
        c.fail("payment.payment_system", "must be humo or uzcard");
    }
    let mut bank_symbols: Vec<(&'static str, String)> = Vec::new();
    let bank_symbol = payment.and_then(|p| c.text("payment.bank_symbol", &p.bank_symbol, false, &Text::max(32)));
    if let Some(b) = &bank_symbol {
        bank_symbols.push(("payment.bank_symbol", b.clone()));
    }
    if input.integration == Integration::H2hP2p
        && country == Some(Country::NG)
        && method == Some(Method::AccountNumber)
        && bank_symbol.is_none()
        && !c.has_error_on("payment.bank_symbol")
    {
        c.fail("payment.bank_symbol", "is required in NG for account-number");
    }

    // sender
    let sender = match input.integration {
        Integration::H2hP2p => parse_sender(&mut c, input.sender, country, method, &mut bank_symbols),
        Integration::Widget => {
            // Widget requests carry only sender.bank_symbol; other sender fields are ignored.
            match c.block("sender", input.sender, false) {
                Some(s) => c.text("sender.bank_symbol", &s.bank_symbol, false, &Text::max(32)).map(|b| {
                    bank_symbols.push(("sender.bank_symbol", b.clone()));
                    Sender { bank_symbol: Some(b), ..Sender::default() }
                }),
                None => None,
            }
        }
        Integration::H2hEcom => None,
    };

    // customer
    let customer = parse_customer(&mut c, input.customer, country, input.integration);

    // card
    let card = match input.card {
        Some(card) => parse_card(&mut c, card),
        None => None,
    };

    // Bank symbols must name banks of the catalogue.
    for (field, symbol) in &bank_symbols {
        if c.has_error_on(field) {
            continue;
        }
        match storage.bank(symbol).await? {
            Some(bank) if bank.active && country.is_none_or(|ct| ct.code() == bank.country_code) => {}
            _ => c.fail(*field, format!("unknown bank {symbol}; see /api/v1/payment/p2p/bank/all")),
        }
    }

    if let Err(errors) = c.finish() {
        return Err(ApiError::Validation(errors));
    }
    let (Some(payment_id), Some(placement), Some(currency), Some(amount), Some(lifetime), Some(customer)) =
        (payment_id, placement, currency, amount, lifetime, customer)
    else {
        // Every None above was reported; this is a guard, not a path.
        return Err(ApiError::Validation(vec![FieldError::new("general", "is invalid")]));
    };
    let masked_card = card.as_ref().map(|c| MaskedCard {
        pan: mask_pan(c.pan.expose()),
        year: c.year,
        month: c.month,
        card_holder: c.card_holder.clone(),
    });
    let new = NewPayin {
        project: project.clone(),
        payment_id,
        integration: input.integration,
        country: placement.country,
        currency,
        method: placement.method,
        widget_method: placement.widget_method,
        amount,
        lifetime_s: lifetime,
        details: Details {
            urls,
            customer,
            sender,
            card: masked_card,
            bank_symbol,
            payment_system,
            description,
            extra_param,
        },
        request_hash,
    };
    Ok((new, card))
}

/// Finds the catalogue row of the request (decisions.md §10: the row that holds its currency
/// and method) and checks the method against it and the project.
fn place(
    c: &mut Check,
    integration: Integration,
    p: &PaymentIn,
    currency: Currency,
    project: &Project,
) -> Option<Placement> {
    let code = currency.code;
    match integration {
        Integration::H2hP2p => {
            let Some(row) = catalogue::h2h_row(code) else {
                c.fail("payment.currency", format!("{code} is not available for p2p payments"));
                return None;
            };
            let method_code = c.text("payment.method", &p.method, true, &Text::max(32))?;
            let method = Method::parse(&method_code).filter(|m| row.deposit.contains(m));
            let Some(method) = method else {
                let offered: Vec<_> = row.deposit.iter().map(|m| m.code()).collect();
                c.fail(
                    "payment.method",
                    format!("{method_code} is not available for {code}; available: {}", offered.join(", ")),
                );
                return None;
            };
            if !project.settings.allows(method.code()) {
                c.fail("payment.method", format!("{method_code} is not enabled for this project"));
                return None;
            }
            Some(Placement { country: row.country, method: Some(method), widget_method: None, lifetime: row.lifetime })
        }
        Integration::H2hEcom => {
            let Some(row) = catalogue::h2h_ecom_row(code) else {
                c.fail(
                    "payment.currency",
                    format!("{code} is not available for e-commerce payments; available: KZT, UZS, RUB"),
                );
                return None;
            };
            let method_code = c.text("payment.method", &p.method, true, &Text::max(32))?;
            if method_code != Method::CardEcom.code() {
                c.fail("payment.method", "must be card-ecom");
                return None;
            }
            if !project.settings.allows(Method::CardEcom.code()) {
                c.fail("payment.method", "card-ecom is not enabled for this project");
                return None;
            }
            Some(Placement {
                country: row.country,
                method: Some(Method::CardEcom),
                widget_method: None,
                lifetime: row.lifetime,
            })
        }
        Integration::Widget => {
            let widget_code = c.text("payment.widget_method", &p.widget_method, false, &Text::max(32));
            if c.has_error_on("payment.widget_method") {
                return None;
            }
            let widget_method = match &widget_code {
                Some(w) => match WidgetMethod::parse(w) {
                    Some(m) => Some(m),
                    None => {
                        c.fail("payment.widget_method", format!("unknown widget method {w}"));
                        return None;
                    }
                },
                None => None,
            };
            let Some(row) = catalogue::h2c_row(code, widget_method) else {
                c.fail("payment.currency", format!("{code} is not available for widget payments"));
                return None;
            };
            match (widget_method, row.required_method) {
                (None, Some(required)) => {
                    c.fail("payment.widget_method", format!("is required in {} and must be {required}", row.country));
                    return None;
                }
                (Some(m), Some(required)) if m != required => {
                    c.fail("payment.widget_method", format!("must be {required} in {}", row.country));
                    return None;
                }
                (Some(m), _) if !row.methods.contains(&m) => {
                    let offered: Vec<_> = catalogue::h2c_offered_methods(code).iter().map(|m| m.code()).collect();
                    c.fail(
                        "payment.widget_method",
                        format!("{m} is not available for {code}; available: {}", offered.join(", ")),
                    );
                    return None;
                }
                _ => {}
            }
            if let Some(m) = widget_method
                && !project.settings.allows(m.code())
            {
                c.fail("payment.widget_method", format!("{m} is not enabled for this project"));
                return None;
            }
            Some(Placement {
                country: row.country,
                method: widget_method.and_then(WidgetMethod::h2h_equivalent),
                widget_method,
                lifetime: row.lifetime,
            })
        }
    }
}

fn parse_sender(
    c: &mut Check,
    sender: &Field<SenderIn>,
    country: Option<Country>,
    method: Option<Method>,
    bank_symbols: &mut Vec<(&'static str, String)>,
) -> Option<Sender> {
    let required = matches!(country, Some(Country::AZ | Country::UZ));
    let block = match sender {
        Field::Null if required => {
            c.fail("sender", "must not be null in AZ and UZ; send {} when there is no sender data");
            None
        }
        Field::Absent if required => {
            c.fail("sender", "is required in AZ and UZ; send {} when there is no sender data");
            None
        }
        other => c.block("sender", other, false),
    };
    let pan = block.and_then(|s| {
        c.text(
            "sender.pan",
            &s.pan,
            false,
            &Text::pattern(
                32,
                "must be a card number of 12 to 19 digits passing the Luhn check",
                &rules::is_card_number,
            ),
        )
    });
    let phone = match (block, country) {
        (Some(s), Some(country)) => {
            let (pattern, test) = rules::phone_rule(country);
            c.text("sender.phone", &s.phone, false, &Text::pattern(24, pattern, &test))
        }
        (Some(s), None) => c.text("sender.phone", &s.phone, false, &Text::max(24)),
        (None, _) => None,
    };
    let bank_symbol = block.and_then(|s| c.text("sender.bank_symbol", &s.bank_symbol, false, &Text::max(32)));
    let card_holder = block.and_then(|s| {
        c.text(
            "sender.card_holder",
            &s.card_holder,
            false,
            &Text::pattern(
                255,
                "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes",
                &rules::is_card_holder,
            ),
        )
    });
    if let Some(b) = &bank_symbol {
        bank_symbols.push(("sender.bank_symbol", b.clone()));
    }
    let need = |c: &mut Check, field: &str, present: bool, why: &str| {
        if !present && !c.has_error_on(field) && !c.has_error_on("sender") {
            c.fail(field, format!("is required {why}"));
        }
    };
    match (country, method) {
        (Some(Country::KE), Some(Method::MobileMoney)) => {
            need(c, "sender.phone", phone.is_some(), "in KE for mobile-money");
            need(c, "sender.bank_symbol", bank_symbol.is_some(), "in KE for mobile-money");
        }
        (Some(Country::NG), Some(Method::Ussd)) => {
            need(c, "sender.phone", phone.is_some(), "in NG for ussd");
            need(c, "sender.bank_symbol", bank_symbol.is_some(), "in NG for ussd");
        }
        (Some(Country::NG), Some(Method::WalletLink)) => {
            need(c, "sender.bank_symbol", bank_symbol.is_some(), "in NG for wallet-link");
        }
        _ => {}
    }
    block.map(|_| Sender {
        pan_hidden: pan.as_deref().map(mask_pan),
        card_holder_hidden: card_holder.as_deref().map(mask_name),
        phone,
        bank_symbol,
    })
}

fn parse_customer(
    c: &mut Check,
    customer: &Field<CustomerIn>,
    country: Option<Country>,
    integration: Integration,
) -> Option<Customer> {
    let block = c.block("customer", customer, true)?;
    let id = c.text("customer.id", &block.id, true, &Text::max(255));
    let ip_address = c.text(
        "customer.ip_address",
        &block.ip_address,
        true,
        &Text::pattern(255, "must be an IPv4 or IPv6 address", &rules::is_ip_address),
    );
    let payer_country = c.text(
        "customer.country",
        &block.country,
        true,
        &Text::pattern(2, "^[A-Z]{2}$", &|s| rules::is_upper_code(s, 2)),
    );
    let kr_h2h = country == Some(Country::KR) && integration == Integration::H2hP2p;
    let first_name = c.text("customer.first_name", &block.first_name, kr_h2h, &Text::max(255));
    let last_name = c.text("customer.last_name", &block.last_name, kr_h2h, &Text::max(255));
    let customer_type = c.text(
        "customer.customer_type",
        &block.customer_type,
        false,
        &Text::pattern(5, "^(ftd|trust)$", &|s| s == "ftd" || s == "trust"),
    );
    let language =
        c.text("customer.language", &block.language, false, &Text::pattern(2, "^[a-z]{2}$", &rules::is_language_code));
    let email_required = matches!(country, Some(Country::NG | Country::ZA | Country::KE));
    let email = c.text(
        "customer.email",
        &block.email,
        email_required,
        &Text::pattern(255, "must be an email address", &rules::is_email),
    );
    let browser = c.text("customer.browser", &block.browser, false, &Text::max(512));
    let device_type = c.text("customer.device_type", &block.device_type, false, &Text::max(512));
    let user_agent = c.text("customer.user_agent", &block.user_agent, false, &Text::max(1024));
    // identification_data is AR only and ignored elsewhere (decisions.md §10).
    let identification_data = if country == Some(Country::AR) {
        c.block("customer.identification_data", &block.identification_data, false).and_then(|d| {
            let document_type = c.text(
                "customer.identification_data.document_type",
                &d.document_type,
                true,
                &Text::pattern(4, "must be CUIT or CUIL", &|s| s == "CUIT" || s == "CUIL"),
            );
            let document_number = c.text(
                "customer.identification_data.document_number",
                &d.document_number,
                true,
                &Text::pattern(11, "^\\d{11}$", &|s| s.len() == 11 && s.bytes().all(|b| b.is_ascii_digit())),
            );
            Some(IdentificationData { document_type: document_type?, document_number: document_number? })
        })
    } else {
        None
    };
    Some(Customer {
        id: id?,
        ip_address: ip_address?,
        country: payer_country?,
        first_name,
        last_name,
        customer_type,
        language,
        email,
        browser,
        device_type,
        user_agent,
        identification_data,
    })
}

fn parse_card(c: &mut Check, card: &Field<CardIn>) -> Option<CardInput> {
    let block = c.block("card", card, true)?;
    let pan = c.text(
        "card.pan",
        &block.pan,
        true,
        &Text::pattern(32, "must be a card number of 12 to 19 digits passing the Luhn check", &rules::is_card_number),
    );
    let year = c.integer("card.year", &block.year, true, 2020..=2099);
    let month = c.integer("card.month", &block.month, true, 1..=12);
    let card_holder = c.text(
        "card.card_holder",
        &block.card_holder,
        true,
        &Text::pattern(
            255,
            "may contain only Latin or Cyrillic letters, digits, spaces, hyphens, periods and apostrophes",
            &rules::is_card_holder,
        ),
    );
    let cvv = c.text(
        "card.cvv",
        &block.cvv,
        false,
        &Text::pattern(4, "^\\d{3,4}$", &|s| (3..=4).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())),
    );
    Some(CardInput {
        pan: Secret::new(pan?),
        cvv: cvv.map(Secret::new),
        year: year?,
        month: month?,
        card_holder: card_holder?,
    })
}
