//! The OpenAPI document of the merchant API. utoipa derives its structure from the request and
//! response types; this module then writes in what the server enforces, from the definitions
//! the enforcement itself uses: each field's shape rule ([`super::shape`]), the catalogue's
//! values, the country rules of each create operation, and the signature headers.

use std::borrow::Cow;
use std::fmt::Write as _;

use serde_json::{Map, Value, json};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use super::field::NO_NUL;
use super::shape::{FieldRule, Fields, Kind, Says, Shaped, Values};
use super::{banks, callbacks, ecom, p2p, payin, payout, response, widget};
use crate::domain::catalogue::{
    self, COUNTRIES, CURRENCIES, H2C, H2C_ECOM, H2H, H2H_ECOM, H2hRow, PAYOUT_RECEIVERS, ReceiverNeed, Requirements,
};
use crate::http::shared::error;

#[derive(OpenApi)]
#[openapi(
    info(title = "Kassa merchant API", description = "Payins by bank transfer, mobile money and card, payouts, balances. \
        Every request is signed as described in docs/SIGNING.md (decisions.md §2). Each field's schema is the rule the \
        server applies; rules that depend on the country are listed in each create operation's description."),
    modifiers(&SignatureHeaders),
    components(schemas(error::ErrorBody, error::FieldError, payout::PayoutCustomerIn))
)]
pub(super) struct ApiDoc;

struct SignatureHeaders;

impl Modify for SignatureHeaders {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "signature",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "x-access-signature",
                "Signature of the normalized body and x-access-timestamp, with x-access-token (key id) and \
                 x-access-merchant-id; see decisions.md §2.",
            ))),
        );
    }
}

/// The headers every merchant request carries (decisions.md §2, docs/SIGNING.md).
const ACCESS_HEADERS: &[(&str, &str, &str)] = &[
    ("x-access-merchant-id", "The merchant's (or the project's) identifier.", "^.{1,255}$"),
    ("x-access-token", "The key's identifier, issued with the key.", "^.{1,255}$"),
    (
        "x-access-timestamp",
        "Unix time in seconds when the request was signed; refused when more than 300 s away from the server's clock.",
        "^[0-9]{1,12}$",
    ),
    (
        "x-access-signature",
        "base64url (no padding) signature of base64url(normalized body) + x-access-timestamp, by the key named in \
         x-access-token: ECDSA P-256 SHA-256 or HMAC-SHA512 (docs/SIGNING.md).",
        "^[A-Za-z0-9_-]{1,1024}$",
    ),
];

/// Every request block with its fields' rules, by schema name.
pub(crate) fn shaped() -> Vec<(Cow<'static, str>, Fields)> {
    fn of<T: ToSchema + Shaped>() -> (Cow<'static, str>, Fields) {
        (T::name(), T::FIELDS)
    }
    vec![
        of::<p2p::P2pPayinRequest>(),
        of::<ecom::EcomPayinRequest>(),
        of::<widget::WidgetPayinRequest>(),
        of::<payout::PayoutRequest>(),
        of::<ecom::Confirm3dsRequest>(),
        of::<response::PaymentRefRequest>(),
        of::<payout::BalanceRequest>(),
        of::<callbacks::CallbacksRequest>(),
        of::<banks::BankListRequest>(),
        of::<payin::GeneralIn>(),
        of::<payin::P2pPaymentIn>(),
        of::<payin::EcomPaymentIn>(),
        of::<payin::WidgetPaymentIn>(),
        of::<payin::SenderIn>(),
        of::<payin::CustomerIn>(),
        of::<payin::IdentificationIn>(),
        of::<payin::CardIn>(),
        of::<widget::WidgetSenderIn>(),
        of::<payout::PayoutPaymentIn>(),
        of::<payout::ReceiverIn>(),
        of::<payout::PayoutCustomerIn>(),
        of::<ecom::ThreeDsIn>(),
        of::<response::PaymentRefGeneral>(),
        of::<payout::ProjectGeneral>(),
        of::<callbacks::CallbacksGeneral>(),
        of::<banks::BankFilterIn>(),
    ]
}

/// The finished document: utoipa's, with every rule written in.
pub fn document(doc: utoipa::openapi::OpenApi) -> Value {
    let mut doc = serde_json::to_value(doc).expect("the OpenAPI document serializes");
    for (name, fields) in shaped() {
        let schema = doc["components"]["schemas"]
            .get_mut(name.as_ref())
            .unwrap_or_else(|| panic!("{name} is a component of the document"));
        constrain(&name, schema, fields);
    }
    let paths = doc["paths"].as_object_mut().expect("the document has paths");
    for (path, item) in paths.iter_mut() {
        for (_, op) in item.as_object_mut().expect("a path item is an object") {
            add_access_headers(op);
            if let Some(rules) = country_rules(path) {
                let description = op["description"].as_str().unwrap_or_default().to_string();
                op["description"] = Value::String(format!("{description}\n\n{rules}").trim_start().to_string());
            }
        }
    }
    doc
}

/// Writes each field's rule into its property, and the block's required fields.
fn constrain(name: &str, schema: &mut Value, fields: &[(&str, &FieldRule)]) {
    let properties = schema["properties"].as_object_mut().unwrap_or_else(|| panic!("{name} has properties"));
    for (property, _) in properties.iter() {
        assert!(fields.iter().any(|(p, _)| p == property), "{name}.{property} has no shape rule");
    }
    for (property, rule) in fields {
        let p = properties.get_mut(*property).unwrap_or_else(|| panic!("{name} has no property {property}"));
        apply(p, rule);
    }
    let required: Vec<Value> = fields.iter().filter(|(_, r)| r.required).map(|(p, _)| json!(p)).collect();
    let object = schema.as_object_mut().expect("a component is an object");
    if required.is_empty() {
        object.remove("required");
    } else {
        object.insert("required".into(), Value::Array(required));
    }
}

fn apply(property: &mut Value, rule: &FieldRule) {
    let optional = !rule.required;
    let p = property.as_object_mut().expect("a property is an object");
    match rule.kind {
        // A block is a reference to its own component (or null where optional).
        Kind::Object => return,
        Kind::Text { min, max, pattern } => {
            // The spec's limit stays in the words, for merchants; generators get only the schema.
            if !rule.schema_says_all {
                if min > 0 {
                    p.insert("minLength".into(), json!(min));
                }
                p.insert("maxLength".into(), json!(max));
            }
            match pattern.map(|p| p.says) {
                Some(Says::Regex(regex)) => {
                    p.insert("pattern".into(), json!(regex));
                }
                Some(Says::Sentence(sentence)) => describe(p, &format!("Rule: {sentence}.")),
                None => {}
            }
            if rule.schema_says_all {
                describe(p, &format!("Rule: at most {max} characters."));
            }
        }
        Kind::Integer { min, max } => {
            if min != i64::MIN {
                p.insert("minimum".into(), json!(min));
            }
            if max != i64::MAX {
                p.insert("maximum".into(), json!(max));
            }
        }
    }
    for (keyword, value) in rule.schema {
        let value: Value = serde_json::from_str(value).expect("a rule's schema keyword is JSON");
        p.insert((*keyword).into(), value);
    }
    // Every string refuses U+0000 ([`NO_NUL`]); a field's own pattern already excludes it.
    if matches!(rule.kind, Kind::Text { .. }) && !p.contains_key("pattern") && !rule.schema_says_all {
        p.insert("pattern".into(), json!("^[^\\u0000]*$"));
        describe(p, &format!("Rule: {NO_NUL}."));
    }
    match rule.values {
        Some(Values::Lifetimes) => {
            let rows =
                H2H.iter().chain(H2H_ECOM).map(|r| r.lifetime).chain(H2C.iter().chain(H2C_ECOM).map(|r| r.lifetime));
            let (min, max) = rows.fold((u32::MAX, 0), |(lo, hi), l| (lo.min(l.min), hi.max(l.max)));
            p.insert("minimum".into(), json!(min));
            p.insert("maximum".into(), json!(max));
            describe(p, "Each country accepts its own range (see the operation's description).");
        }
        Some(values) => {
            let mut list: Vec<Value> = catalogue_values(values).into_iter().map(Value::from).collect();
            if optional {
                list.push(Value::Null);
            }
            p.insert("enum".into(), Value::Array(list));
        }
        None => {}
    }
}

fn describe(p: &mut Map<String, Value>, line: &str) {
    let text = match p.get("description").and_then(Value::as_str) {
        Some(d) if !d.is_empty() => format!("{d}\n\n{line}"),
        _ => line.to_string(),
    };
    p.insert("description".into(), Value::String(text));
}

/// A list of codes from the catalogue, in its order, each once.
fn catalogue_values(values: Values) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let mut add = |code: &'static str| {
        if !out.contains(&code) {
            out.push(code);
        }
    };
    match values {
        Values::Currencies => CURRENCIES.iter().for_each(|c| add(c.code)),
        Values::PayinMethods => H2H.iter().chain(H2H_ECOM).flat_map(|r| r.deposit).for_each(|m| add(m.code())),
        Values::PayoutMethods => H2H.iter().chain(H2H_ECOM).flat_map(|r| r.payout).for_each(|m| add(m.code())),
        Values::WidgetMethods => H2C.iter().chain(H2C_ECOM).flat_map(|r| r.methods).for_each(|m| add(m.code())),
        Values::Fixed(codes) => codes.iter().for_each(|c| add(c)),
        Values::Lifetimes => {}
    }
    out
}

fn add_access_headers(op: &mut Value) {
    let parameters = op.as_object_mut().expect("an operation is an object").entry("parameters").or_insert(json!([]));
    let list = parameters.as_array_mut().expect("parameters are a list");
    for (name, description, pattern) in ACCESS_HEADERS {
        list.push(json!({
            "name": name,
            "in": "header",
            "required": true,
            "description": description,
            "schema": {"type": "string", "pattern": pattern},
        }));
    }
}

/// The rules of a create operation that depend on the country, from the catalogue's rows.
fn country_rules(path: &str) -> Option<String> {
    let mut out = String::new();
    match path {
        "/api/v1/payment/p2p/payin" => {
            out.push_str(METHOD_REQUIRED);
            out.push_str(HEAD);
            h2h_table(&mut out, &H2H.iter().collect::<Vec<_>>(), |r| r.deposit);
        }
        "/api/v1/payment/ecom/payin" => {
            out.push_str(METHOD_REQUIRED);
            out.push_str(HEAD);
            h2h_table(&mut out, &H2H_ECOM.iter().collect::<Vec<_>>(), |r| r.deposit);
        }
        "/api/v1/widget/payin" => {
            out.push_str(HEAD);
            h2c_table(&mut out);
        }
        "/api/v1/payment/p2p/payout" => {
            out.push_str(HEAD);
            h2h_table(&mut out, &H2H.iter().chain(H2H_ECOM).collect::<Vec<_>>(), |r| r.payout);
            out.push_str("\nWhat each payout method needs of `receiver`:\n\n| method | receiver |\n|---|---|\n");
            for (method, needs) in PAYOUT_RECEIVERS {
                let needs: Vec<&str> = needs.iter().map(|n| receiver_need(*n)).collect();
                let _ = writeln!(out, "| `{method}` | {} |", needs.join("; "));
            }
        }
        _ => return None,
    }
    out.push_str(&phone_formats());
    Some(out)
}

/// `payment` is shared by the payin requests; the widget's has no `method`.
const METHOD_REQUIRED: &str = "`payment.method` is required in this request (the widget request has none).\n\n";

const HEAD: &str = "**Country rules.** `payment.currency` chooses the row; a request is refused (400, the field \
    named in `errors`) when it breaks the row's rules:\n\n";

fn h2h_table(out: &mut String, rows: &[&H2hRow], methods: fn(&H2hRow) -> &'static [catalogue::Method]) {
    table_head(out, "payment.method");
    for row in rows {
        let methods: Vec<String> = methods(row).iter().map(|m| format!("`{m}`")).collect();
        table_row(out, row.currency, row.country, &methods.join(", "), row.lifetime, &row.requirements);
    }
}

fn h2c_table(out: &mut String) {
    table_head(out, "payment.widget_method");
    for row in H2C.iter().chain(H2C_ECOM) {
        let methods = match row.required_method {
            Some(m) => format!("required, exactly `{m}`"),
            None => row.methods.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", "),
        };
        table_row(out, row.currency, row.country, &methods, row.lifetime, &row.requirements);
    }
}

fn table_head(out: &mut String, method_field: &str) {
    let _ = writeln!(out, "| currency | country | `{method_field}` | `payment.lifetime` (s) | also required |");
    out.push_str("|---|---|---|---|---|\n");
}

fn table_row(
    out: &mut String,
    currency: &str,
    country: catalogue::Country,
    methods: &str,
    l: catalogue::LifetimeRange,
    r: &Requirements,
) {
    let _ = writeln!(
        out,
        "| {currency} | {country} | {methods} | {}–{}, default {} | {} |",
        l.min,
        l.max,
        l.default,
        requirements(r)
    );
}

fn requirements(r: &Requirements) -> String {
    let mut parts: Vec<String> = Vec::new();
    if r.sender_block {
        parts.push("`sender` (an object; `{}` when empty)".into());
    }
    if r.customer_email {
        parts.push("`customer.email`".into());
    }
    if r.customer_names {
        parts.push("`customer.first_name`, `customer.last_name`".into());
    }
    if r.identification_data {
        parts.push("`customer.identification_data` is read (CUIT or CUIL, 11 digits)".into());
    }
    if let Some(systems) = r.payment_systems {
        parts.push(format!("`payment.payment_system` one of {}", systems.join(", ")));
    }
    for (method, needs) in r.by_method {
        let fields: Vec<String> = needs.iter().map(|n| format!("`{}`", n.field())).collect();
        parts.push(format!("with `{method}`: {}", fields.join(", ")));
    }
    if parts.is_empty() { "—".into() } else { parts.join("; ") }
}

fn receiver_need(need: ReceiverNeed) -> &'static str {
    match need {
        ReceiverNeed::CardNumber => "`receiver.pan`: a card number (12 to 19 digits, Luhn)",
        ReceiverNeed::AccountNumber => "`receiver.pan`: an account number",
        ReceiverNeed::Phone => "`receiver.phone` in the country's format",
        ReceiverNeed::Bank => "`receiver.bank_symbol`: a bank of the country's list",
        ReceiverNeed::SbpBank => "`receiver.bank_symbol`: a fast-payment-system bank (`is_sbp_bank`)",
    }
}

fn phone_formats() -> String {
    let mut out = String::from(
        "\nPhone numbers (`sender.phone`, `receiver.phone`) follow the country's format; bank symbols name active \
         banks of the country (`/api/v1/payment/p2p/bank/all`).\n\n| country | phone |\n|---|---|\n",
    );
    for info in COUNTRIES {
        let _ = writeln!(out, "| {} | `{}` |", info.country, info.country.phone_patterns());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        crate::http::openapi()
    }

    /// The schemas request bodies use, transitively.
    fn request_schemas(doc: &Value) -> Vec<String> {
        fn refs(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => {
                    if let Some(Value::String(r)) = m.get("$ref") {
                        out.push(r.trim_start_matches("#/components/schemas/").to_string());
                    }
                    m.values().for_each(|x| refs(x, out));
                }
                Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
                _ => {}
            }
        }
        let mut todo = Vec::new();
        for item in doc["paths"].as_object().unwrap().values() {
            for op in item.as_object().unwrap().values() {
                refs(&op["requestBody"], &mut todo);
            }
        }
        let mut seen: Vec<String> = Vec::new();
        while let Some(name) = todo.pop() {
            if seen.contains(&name) {
                continue;
            }
            refs(&doc["components"]["schemas"][&name], &mut todo);
            seen.push(name);
        }
        seen
    }

    #[test]
    fn every_request_field_has_its_rule_in_the_document() {
        let doc = doc();
        let shaped: Vec<String> = shaped().into_iter().map(|(n, _)| n.into_owned()).collect();
        let used = request_schemas(&doc);
        for name in &used {
            assert!(shaped.contains(name), "request schema {name} lists no shape rules");
        }
        for name in &shaped {
            assert!(used.contains(name), "{name} has rules but no request uses it");
        }
        // Every string property says how long it may be; every integer its bounds.
        for name in &used {
            for (property, p) in doc["components"]["schemas"][name]["properties"].as_object().unwrap() {
                let types = p["type"].to_string();
                if types.contains("string") {
                    // (or formats that bound it: an IP address)
                    let formats = p["anyOf"]
                        .as_array()
                        .is_some_and(|a| a.iter().all(|f| matches!(f["format"].as_str(), Some("ipv4" | "ipv6"))));
                    assert!(p["maxLength"].is_u64() || p["enum"].is_array() || formats, "{name}.{property}: {p}");
                }
                if types.contains("integer") {
                    assert!(p["minimum"].is_i64() || p["minimum"].is_u64(), "{name}.{property}: {p}");
                }
            }
        }
    }

    #[test]
    fn the_document_says_what_the_checks_check() {
        let doc = doc();
        let s = |schema: &str, property: &str| doc["components"]["schemas"][schema]["properties"][property].clone();
        for schema in ["P2pPaymentIn", "EcomPaymentIn", "WidgetPaymentIn"] {
            assert_eq!(s(schema, "currency")["pattern"], "^[A-Z]{3}$");
            assert_eq!(s(schema, "currency")["maxLength"], 3);
            assert!(s(schema, "currency")["enum"].as_array().unwrap().contains(&json!("RUB")));
            assert_eq!(s(schema, "amount")["minimum"], 1);
            assert_eq!(s(schema, "amount")["maximum"], crate::domain::rules::MAX_AMOUNT);
            assert_eq!(s(schema, "lifetime")["minimum"], 300);
            assert_eq!(s(schema, "lifetime")["maximum"], 900);
            assert_eq!(s(schema, "description").get("minLength"), None, "an empty description is accepted");
        }
        assert!(s("P2pPaymentIn", "method")["enum"].as_array().unwrap().contains(&json!("sbp-p2p")));
        assert_eq!(s("EcomPaymentIn", "method")["enum"], json!(["card-ecom"]));
        assert!(s("WidgetPaymentIn", "widget_method")["enum"].as_array().unwrap().contains(&json!("payin-p2p-card")));
        // What each operation requires is said per operation.
        let required = |schema: &str| doc["components"]["schemas"][schema]["required"].clone();
        assert_eq!(required("P2pPaymentIn"), json!(["method", "amount", "currency"]));
        assert_eq!(required("EcomPaymentIn"), json!(["method", "amount", "currency"]));
        assert_eq!(required("WidgetPaymentIn"), json!(["amount", "currency"]));
        assert_eq!(s("WidgetPaymentIn", "method"), Value::Null, "the widget request has no method");
        assert_eq!(s("CardIn", "pan")["pattern"], "^[0-9]{12,19}$");
        assert!(s("CardIn", "pan")["description"].as_str().unwrap().contains("Luhn"));
        assert_eq!(s("CardIn", "cvv")["pattern"], "^[0-9]{3,4}$");
        assert_eq!(s("CustomerIn", "email")["format"], "email");
        // The IP address is said by its formats alone: the spec's 255 can never bind (the
        // longest text an address has is 45 characters), and boundary lengths next to a format
        // only sent schemathesis after values no address has (a minute of its run).
        let ip = s("CustomerIn", "ip_address");
        assert_eq!(ip["anyOf"], json!([{"format": "ipv4"}, {"format": "ipv6"}]));
        assert_eq!((ip.get("maxLength"), ip.get("pattern")), (None, None), "{ip}");
        assert!(ip["description"].as_str().unwrap().contains("at most 255 characters"), "{ip}");
        let longest = "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255";
        assert!(crate::domain::rules::is_ip_address(longest) && longest.len() == 45);
        assert!(!crate::domain::rules::is_ip_address(&format!("0{longest}")));
        assert_eq!(s("GeneralIn", "merchant_callback_url")["format"], "uri");
        assert_eq!(doc["components"]["schemas"]["CardIn"]["required"], json!(["pan", "year", "month", "card_holder"]));
        assert_eq!(
            doc["components"]["schemas"]["P2pPayinRequest"]["required"],
            json!(["general", "payment", "customer"])
        );
        assert_eq!(s("IdentificationIn", "document_type")["enum"], json!(["CUIT", "CUIL"]));
    }

    /// The create requests' examples are requests the shape checks accept.
    #[test]
    fn the_create_examples_pass_the_shape_checks() {
        use crate::crypto::fingerprint::Fingerprint;
        use crate::http::api::payin::draft;
        let doc = doc();
        let example = |name: &str| doc["components"]["schemas"][name]["example"].clone();
        let fingerprint = Fingerprint { keyed: "k1:x".into(), legacy: "legacy:y".into() };
        let p2p: p2p::P2pPayinRequest = serde_json::from_value(example("P2pPayinRequest")).unwrap();
        let ecom: ecom::EcomPayinRequest = serde_json::from_value(example("EcomPayinRequest")).unwrap();
        let widget: widget::WidgetPayinRequest = serde_json::from_value(example("WidgetPayinRequest")).unwrap();
        let inputs = [p2p.input(), ecom.input(), widget.input()];
        for input in inputs {
            let integration = input.payment.integration();
            let violations = draft(input, &fingerprint, false).violations;
            assert!(violations.is_empty(), "{integration:?}: {:?}", violations.into_vec());
        }
        let payout: payout::PayoutRequest = serde_json::from_value(example("PayoutRequest")).unwrap();
        let draft = payout::draft(&payout, &fingerprint, false);
        assert!(draft.violations.is_empty(), "{:?}", draft.violations.into_vec());
    }

    #[test]
    fn every_operation_documents_its_headers_errors_and_country_rules() {
        let doc = doc();
        for (path, item) in doc["paths"].as_object().unwrap() {
            let op = &item["post"];
            let headers: Vec<&str> = op["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["in"] == "header" && p["required"] == true)
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            for (name, _, _) in ACCESS_HEADERS {
                assert!(headers.contains(name), "{path} documents {name}");
            }
            for status in ["400", "401", "403", "413", "429", "503"] {
                let body = &op["responses"][status]["content"]["application/json"]["schema"]["$ref"];
                assert_eq!(body, "#/components/schemas/ErrorBody", "{path} {status}");
            }
        }
        let p2p = doc["paths"]["/api/v1/payment/p2p/payin"]["post"]["description"].as_str().unwrap().to_string();
        // Every H2H row is there, with its methods and required fields.
        for row in H2H {
            assert!(p2p.contains(&format!("| {} | {} |", row.currency, row.country)), "{p2p}");
        }
        assert!(p2p.contains("`customer.email`") && p2p.contains("`sender.phone`") && p2p.contains("humo"), "{p2p}");
        let widget = doc["paths"]["/api/v1/widget/payin"]["post"]["description"].as_str().unwrap();
        assert!(widget.contains("required, exactly `payin-p2p-card-international`"), "{widget}");
        let payout = doc["paths"]["/api/v1/payment/p2p/payout"]["post"]["description"].as_str().unwrap();
        assert!(payout.contains("`sbp-p2p`") && payout.contains("is_sbp_bank"), "{payout}");
    }
}
