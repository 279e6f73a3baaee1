//! Demo mode (`KASSA_DEMO`): a demo merchant and project, requisites for every country and
//! method on an empty database, and the key the demo shop signs its requests with (a fresh one
//! each start: Kassa never stores request private keys).

use std::collections::BTreeMap;

use p256::pkcs8::DecodePrivateKey;
use rand::Rng;
use rand::rngs::OsRng;

use crate::admin;
use crate::crypto::keys::KeyType;
use crate::domain::audit::Who;
use crate::domain::catalogue::{self, Country, MethodKind, WidgetMethod};
use crate::domain::error::DomainError;
use crate::domain::projects::NewProject;
use crate::domain::requisite::NewRequisite;
use crate::domain::rules::luhn_valid;
use crate::services::Services;

pub const DEMO_MERCHANT: &str = "Kassa Demo Shop";
pub const DEMO_PROJECT: &str = "Demo";
/// Requisites the demo seeds per country and kind of method.
const DEMO_REQUISITES_PER_METHOD: usize = 12;

/// What the demo shop holds to sign its requests, like a merchant server.
pub struct DemoShop {
    pub merchant_id: String,
    pub project_id: String,
    pub token: String,
    pub signing_key: p256::ecdsa::SigningKey,
}

impl std::fmt::Debug for DemoShop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DemoShop").field("project_id", &self.project_id).finish_non_exhaustive()
    }
}

/// Creates the demo project on first start (with requisites), or gives the shop a new key.
pub async fn prepare(services: &Services) -> anyhow::Result<DemoShop> {
    let explain = |e: DomainError| anyhow::anyhow!("demo project: {}", admin::describe(&e));
    let existing = services.projects.by_name(DEMO_MERCHANT, DEMO_PROJECT).await.map_err(explain)?;
    let (merchant_id, project_id, key) = match existing {
        Some(project) => {
            // A fresh key each start; the previous ones stop working (at most two are active).
            let key = services.keys.replace_all(&project.id, KeyType::EcdsaP256, &Who::Cli).await.map_err(explain)?;
            (project.merchant_id, project.id, key)
        }
        None => {
            let created = services
                .projects
                .create(NewProject {
                    merchant: DEMO_MERCHANT.into(),
                    name: DEMO_PROJECT.into(),
                    request_key_type: KeyType::EcdsaP256,
                    public_key_pem: None,
                    callback_key_type: KeyType::EcdsaP256,
                    redirect_url: None,
                })
                .await
                .map_err(explain)?;
            seed_requisites(services).await?;
            (created.merchant_id, created.project_id, created.request_key)
        }
    };
    let pem = key.private_key_pem.ok_or_else(|| anyhow::anyhow!("demo key has no private key"))?;
    Ok(DemoShop {
        merchant_id,
        project_id,
        token: key.token,
        signing_key: p256::ecdsa::SigningKey::from_pkcs8_pem(pem.expose())?,
    })
}

fn digits(n: usize) -> String {
    (0..n).map(|_| char::from(b'0' + OsRng.gen_range(0..10u8))).collect()
}

/// A Luhn-valid card number starting with `prefix`.
fn card_number(prefix: &str) -> String {
    let body = format!("{prefix}{}", digits(15 - prefix.len()));
    (0..10).map(|d| format!("{body}{d}")).find(|n| luhn_valid(n)).expect("one check digit fits")
}

fn card_prefix(country: Country) -> &'static str {
    match country {
        Country::RU => "2200",
        Country::KZ => "4400",
        Country::UZ => "8600",
        Country::AZ => "4169",
        Country::KG => "4177",
        _ => "4111",
    }
}

fn phone(country: Country) -> String {
    match country {
        Country::RU | Country::KZ => format!("+79{}", digits(9)),
        Country::AZ => format!("+99450{}", digits(7)),
        Country::KG => format!("+996700{}", digits(6)),
        Country::UZ => format!("+99890{}", digits(7)),
        Country::KE => format!("2547{}", digits(8)),
        Country::NG => format!("080{}", digits(8)),
        _ => format!("+{}", digits(11)),
    }
}

fn account(country: Country) -> String {
    match country {
        Country::RU => format!("40817810{}", digits(12)),
        Country::AR => digits(22),
        Country::KR => format!("{}-{}-{}", digits(3), digits(3), digits(6)),
        Country::NG => digits(10),
        _ => digits(16),
    }
}

fn holder(country: Country, i: usize) -> &'static str {
    const NAMES: [[&str; 3]; 10] = [
        ["Lucía Fernández", "Martín Gómez", "Sofía Díaz"],
        ["Aysel Mammadova", "Rashad Aliyev", "Leyla Huseynova"],
        ["Wanjiru Kamau", "Otieno Odhiambo", "Achieng Atieno"],
        ["Aibek Toktogulov", "Nurgul Asanova", "Bakyt Sadykov"],
        ["Kim Minjun", "Lee Seoyeon", "Park Jiho"],
        ["Aigerim Nurlanova", "Daniyar Sultanov", "Madina Akhmetova"],
        ["Chinedu Okafor", "Aisha Bello", "Tunde Adeyemi"],
        ["Ivan Petrov", "Anna Smirnova", "Olga Ivanova"],
        ["Dilnoza Karimova", "Jasur Rakhimov", "Nodira Yusupova"],
        ["Thabo Nkosi", "Lerato Dlamini", "Sipho Mokoena"],
    ];
    let row = Country::ALL.iter().position(|c| *c == country).unwrap_or(0);
    let name = NAMES[row][i % 3];
    // The card-holder rule takes ASCII Latin and Cyrillic letters only.
    if kassa_rules::card::is_card_holder(name) { name } else { NAMES[3][i % 3] }
}

/// A value to pay to, of `kind`, in `country`.
fn requisite_value(kind: MethodKind, country: Country, method: &str) -> String {
    let id = digits(8);
    match kind {
        MethodKind::Card => card_number(card_prefix(country)),
        MethodKind::Phone => phone(country),
        MethodKind::Account => account(country),
        MethodKind::Link => format!("https://pay.example.com/{}/{method}/{id}", country.code().to_ascii_lowercase()),
        MethodKind::QrLink if country == Country::RU => {
            format!("https://qr.nspk.ru/AS1A{}", digits(28))
        }
        MethodKind::QrLink => format!("https://pay.example.com/{}/qr/{id}", country.code().to_ascii_lowercase()),
        MethodKind::Ussd => format!("*737*1*{}#", digits(10)),
        MethodKind::Push | MethodKind::CardEcom => String::new(),
    }
}

/// Requisites per country and method kind, serving every method code of that kind.
async fn seed_requisites(services: &Services) -> anyhow::Result<()> {
    let mut groups: BTreeMap<(Country, &'static str, String), Vec<&'static str>> = BTreeMap::new();
    for row in catalogue::H2H {
        for m in row.deposit {
            if m.kind().uses_requisites() {
                groups.entry((row.country, row.currency, m.kind().code().to_string())).or_default().push(m.code());
            }
        }
    }
    for row in catalogue::H2C {
        for m in row.methods.iter().copied() {
            if m.kind().uses_requisites() {
                let entry = groups.entry((row.country, row.currency, m.kind().code().to_string())).or_default();
                entry.push(m.code());
                // The H2H twin only where the country takes H2H payins of it (KG has none).
                let h2h_offered = |code: &str| {
                    catalogue::H2H.iter().any(|r| {
                        r.country == row.country
                            && r.currency == row.currency
                            && r.deposit.iter().any(|d| d.code() == code)
                    })
                };
                if let Some(h2h) = m.h2h_equivalent().map(|e| e.code())
                    && !entry.contains(&h2h)
                    && h2h_offered(h2h)
                {
                    entry.push(h2h);
                }
            }
        }
    }
    let banks = services.banks.all().await.map_err(|e| anyhow::anyhow!("demo banks: {e}"))?;
    for ((country, currency, kind_code), methods) in groups {
        let kind = WidgetMethod::ALL
            .iter()
            .map(|m| m.kind())
            .chain(catalogue::Method::ALL.iter().map(|m| m.kind()))
            .find(|k| k.code() == kind_code)
            .expect("kind of a catalogue method");
        let country_banks: Vec<_> = banks.iter().filter(|b| b.country_code == country.code()).collect();
        // Enough for a person trying every method many times (a requisite serves one open
        // payment per amount, and the demo shop suggests one amount).
        for i in 0..DEMO_REQUISITES_PER_METHOD {
            let bank = country_banks.get(i % country_banks.len().max(1));
            let ru_account = country == Country::RU && kind == MethodKind::Account;
            let requisite = NewRequisite {
                country: country.code().into(),
                currency: currency.into(),
                methods: methods.iter().map(|m| m.to_string()).collect(),
                pan: requisite_value(kind, country, methods[0]),
                card_holder: Some(holder(country, i).to_string()),
                bank_symbol: bank.map(|b| b.symbol.clone()),
                bank_name: bank.map(|b| b.name.clone()),
                bank_country: Some(country.code().into()),
                min_amount: None,
                max_amount: None,
                // UZ cards: one of each payment system, and one for payments that name none.
                payment_system: (country == Country::UZ && kind == MethodKind::Card)
                    .then(|| ["humo", "uzcard"].get(i).map(|s| s.to_string()))
                    .flatten(),
                extra_param: None,
                // RU cards: the 20-digit account the bank's statements show, so a demo
                // statement (docs/RECONCILIATION.md) matches them.
                statement_account: (country == Country::RU && kind == MethodKind::Card)
                    .then(|| format!("408178100000000{i:05}")),
                // RU bank accounts: what a payer's transfer form asks besides the number.
                bank_code: ru_account.then(|| demo_bik(i)),
                correspondent_account: ru_account.then(|| format!("301018100{:08}{}", 0, &demo_bik(i)[6..])),
                active: Some(true),
            };
            services
                .requisites
                .create(requisite, None)
                .await
                .map_err(|e| anyhow::anyhow!("demo requisite ({country}, {kind_code}): {}", admin::describe(&e)))?;
        }
    }
    Ok(())
}

/// A BIK of the demo's Russian bank accounts (9 digits, Moscow's `044525` and three more).
fn demo_bik(i: usize) -> String {
    format!("044525{:03}", 100 + i % 900)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_values_follow_the_rules() {
        for country in Country::ALL {
            assert!(crate::domain::rules::is_card_number(&card_number(card_prefix(*country))));
            for i in 0..3 {
                assert!(crate::domain::rules::is_card_holder(holder(*country, i)), "{country} {i}");
            }
        }
    }
}
