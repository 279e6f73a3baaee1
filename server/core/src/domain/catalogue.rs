//! The country and method catalogue of merchant-api.md as data: availability tables (H2H and
//! H2C) with what each row requires of a request, method kinds, currencies with their minor
//! units, lifetimes, phone formats and page languages. Everything else reads these tables;
//! nothing else lists countries, methods or country rules. Adding a country or changing a
//! rule is one edit here.

use std::fmt;

macro_rules! code_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $code:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn code(self) -> &'static str {
                match self { $($name::$variant => $code),+ }
            }

            pub fn parse(code: &str) -> Option<Self> {
                match code { $($code => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.code())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.code())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let code = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                Self::parse(&code).ok_or_else(|| serde::de::Error::custom(format!("unknown code {code}")))
            }
        }
    };
}

code_enum!(
    /// Countries of the availability tables (ISO 3166-1 alpha-2).
    Country {
        AR = "AR", AZ = "AZ", KE = "KE", KG = "KG", KR = "KR", KZ = "KZ", NG = "NG", RU = "RU",
        UZ = "UZ", ZA = "ZA",
    }
);

code_enum!(
    /// H2H payment methods (`payment.method`).
    Method {
        InternationalCardP2p = "international-card-p2p",
        CardP2p = "card-p2p",
        SbpP2p = "sbp-p2p",
        InternationalP2p = "international-p2p",
        SbpQr = "sbp-qr",
        MobileP2p = "mobile-p2p",
        QrLinkP2p = "qr-link-p2p",
        PhoneP2p = "phone-p2p",
        AccountNumber = "account-number",
        EftLink = "eft-link",
        MobileMoney = "mobile-money",
        WalletLink = "wallet-link",
        Ussd = "ussd",
        CardEcom = "card-ecom",
    }
);

code_enum!(
    /// Widget methods (`payment.widget_method`).
    WidgetMethod {
        P2pCard = "payin-p2p-card",
        P2pSbp = "payin-p2p-sbp",
        OneClick = "payin-1-click",
        P2pInternational = "payin-p2p-international",
        QrSbp = "payin-qr-sbp",
        P2pMobile = "payin-p2p-mobile",
        P2pCardInternational = "payin-p2p-card-international",
        QrLinkP2p = "payin-qr-link-p2p",
        AccountNumber = "payin-account-number",
        WalletLink = "payin-wallet-link",
        Ussd = "payin-ussd",
        EftLink = "payin-eft-link",
        MobileMoney = "payin-mobile-money",
        P2pPhone = "payin-p2p-phone",
        EcomCard = "payin-ecom-card",
    }
);

/// How a method is paid, which decides the requisites shown and the flow of the payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MethodKind {
    /// Transfer to a card number.
    Card,
    /// Transfer to a phone number (SBP, mobile, phone transfers).
    Phone,
    /// Transfer to a bank account number.
    Account,
    /// The user follows a payment link (EFT, wallet, one-click).
    Link,
    /// The user scans a QR code made from a payment link.
    QrLink,
    /// The user dials a USSD string.
    Ussd,
    /// A push request on the user's phone; no requisites (KE mobile money).
    Push,
    /// Card e-commerce: the card is charged through the acquirer.
    CardEcom,
}

impl MethodKind {
    pub fn code(self) -> &'static str {
        match self {
            MethodKind::Card => "card",
            MethodKind::Phone => "phone",
            MethodKind::Account => "account",
            MethodKind::Link => "link",
            MethodKind::QrLink => "qr",
            MethodKind::Ussd => "ussd",
            MethodKind::Push => "push",
            MethodKind::CardEcom => "card-ecom",
        }
    }

    /// Whether recipient requisites are selected for this kind (a bank transfer flow).
    pub fn uses_requisites(self) -> bool {
        !matches!(self, MethodKind::Push | MethodKind::CardEcom)
    }
}

impl Method {
    pub fn kind(self) -> MethodKind {
        use Method::*;
        match self {
            InternationalCardP2p | CardP2p => MethodKind::Card,
            SbpP2p | MobileP2p | PhoneP2p => MethodKind::Phone,
            InternationalP2p | AccountNumber => MethodKind::Account,
            SbpQr | QrLinkP2p => MethodKind::QrLink,
            EftLink | WalletLink => MethodKind::Link,
            Ussd => MethodKind::Ussd,
            MobileMoney => MethodKind::Push,
            CardEcom => MethodKind::CardEcom,
        }
    }
}

impl WidgetMethod {
    /// The H2H method paid the same way, reported as `payment_info.method` and accepted in a
    /// requisite's method list.
    pub fn h2h_equivalent(self) -> Option<Method> {
        use WidgetMethod::*;
        Some(match self {
            P2pCard => Method::CardP2p,
            P2pSbp => Method::SbpP2p,
            OneClick => return None,
            P2pInternational => Method::InternationalP2p,
            QrSbp => Method::SbpQr,
            P2pMobile => Method::MobileP2p,
            P2pCardInternational => Method::InternationalCardP2p,
            QrLinkP2p => Method::QrLinkP2p,
            AccountNumber => Method::AccountNumber,
            WalletLink => Method::WalletLink,
            Ussd => Method::Ussd,
            EftLink => Method::EftLink,
            MobileMoney => Method::MobileMoney,
            P2pPhone => Method::PhoneP2p,
            EcomCard => Method::CardEcom,
        })
    }

    pub fn kind(self) -> MethodKind {
        match self {
            WidgetMethod::OneClick => MethodKind::Link,
            other => other.h2h_equivalent().map(Method::kind).unwrap_or(MethodKind::Link),
        }
    }
}

/// A currency and its minor units (ISO 4217).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Currency {
    pub code: &'static str,
    /// Fractional digits: amounts are `major * 10^digits` minor units.
    pub digits: u8,
}

/// Every currency of the availability tables. Digits not given by merchant-api.md are ISO 4217
/// (decisions.md §10).
pub const CURRENCIES: &[Currency] = &[
    Currency { code: "ARS", digits: 2 },
    Currency { code: "AZN", digits: 2 },
    Currency { code: "KES", digits: 2 },
    Currency { code: "KGS", digits: 2 },
    Currency { code: "KRW", digits: 0 },
    Currency { code: "KZT", digits: 2 },
    Currency { code: "NGN", digits: 2 },
    Currency { code: "RUB", digits: 2 },
    Currency { code: "UZS", digits: 2 },
    Currency { code: "ZAR", digits: 2 },
];

impl Currency {
    pub fn parse(code: &str) -> Option<Currency> {
        CURRENCIES.iter().copied().find(|c| c.code == code)
    }

    /// Formats minor units as a major-unit amount with the currency's digits (`150000` RUB →
    /// `1500.00`). Grouping is left to the page, which knows the language.
    pub fn format_major(self, minor: i64) -> String {
        kassa_rules::amount::major_units(minor, self.digits)
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code)
    }
}

/// Accepted range and default of `payment.lifetime`, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LifetimeRange {
    pub min: u32,
    pub max: u32,
    pub default: u32,
}

impl LifetimeRange {
    const fn new(min: u32, max: u32, default: u32) -> Self {
        Self { min, max, default }
    }

    pub fn contains(self, lifetime: i64) -> bool {
        (self.min as i64..=self.max as i64).contains(&lifetime)
    }
}

/// Which API a payment came through; lifetimes and rules differ per context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Integration {
    /// H2H p2p (`/api/v1/payment/p2p/...`).
    H2hP2p,
    /// H2H card e-commerce (`/api/v1/payment/ecom/...`).
    H2hEcom,
    /// H2C widget (`/api/v1/widget/...`), paid on the hosted page.
    Widget,
}

impl Integration {
    pub fn code(self) -> &'static str {
        match self {
            Integration::H2hP2p => "h2h-p2p",
            Integration::H2hEcom => "h2h-ecom",
            Integration::Widget => "widget",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [Integration::H2hP2p, Integration::H2hEcom, Integration::Widget].into_iter().find(|i| i.code() == code)
    }

    pub fn is_h2h(self) -> bool {
        !matches!(self, Integration::Widget)
    }
}

/// A field a country requires for some methods (merchant-api.md "Conditional rules").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    SenderPhone,
    SenderBankSymbol,
    PaymentBankSymbol,
}

impl Need {
    /// The request field it names.
    pub fn field(self) -> &'static str {
        match self {
            Need::SenderPhone => "sender.phone",
            Need::SenderBankSymbol => "sender.bank_symbol",
            Need::PaymentBankSymbol => "payment.bank_symbol",
        }
    }
}

/// What a row of the availability tables requires of a create request, beyond the field rules
/// every request follows (merchant-api.md Resources, decisions.md §10).
#[derive(Clone, Copy, Debug)]
pub struct Requirements {
    /// `sender` must be an object (`{}` when empty); absent or `null` is refused (AZ, UZ H2H).
    pub sender_block: bool,
    /// `customer.email` is required (NG, ZA, KE).
    pub customer_email: bool,
    /// `customer.first_name` and `customer.last_name` are required (KR H2H).
    pub customer_names: bool,
    /// `customer.identification_data` is read (AR); elsewhere it is ignored.
    pub identification_data: bool,
    /// The values `payment.payment_system` may take (UZ); `None`: any string.
    pub payment_systems: Option<&'static [&'static str]>,
    /// Fields required by method (H2H method codes).
    pub by_method: &'static [(Method, &'static [Need])],
}

impl Requirements {
    pub const NONE: Requirements = Requirements {
        sender_block: false,
        customer_email: false,
        customer_names: false,
        identification_data: false,
        payment_systems: None,
        by_method: &[],
    };

    /// The fields `method` requires in this row.
    pub fn needs(&self, method: Option<Method>) -> &'static [Need] {
        method.and_then(|m| self.by_method.iter().find(|(rm, _)| *rm == m)).map(|(_, needs)| *needs).unwrap_or(&[])
    }
}

const UZ_PAYMENT_SYSTEMS: &[&str] = &["humo", "uzcard"];
const EMAIL: Requirements = Requirements { customer_email: true, ..Requirements::NONE };
const UZ: Requirements = Requirements { payment_systems: Some(UZ_PAYMENT_SYSTEMS), ..Requirements::NONE };

/// A row of the H2H availability table.
#[derive(Debug)]
pub struct H2hRow {
    pub country: Country,
    pub currency: &'static str,
    pub deposit: &'static [Method],
    pub payout: &'static [Method],
    pub lifetime: LifetimeRange,
    pub requirements: Requirements,
}

/// A row of the H2C (widget) availability table.
#[derive(Debug)]
pub struct H2cRow {
    pub country: Country,
    pub currency: &'static str,
    pub methods: &'static [WidgetMethod],
    /// KZ: `widget_method` is required and must be exactly this value.
    pub required_method: Option<WidgetMethod>,
    pub lifetime: LifetimeRange,
    pub requirements: Requirements,
}

const H2H_KZ: LifetimeRange = LifetimeRange::new(300, 900, 600);
const H2H_LONG: LifetimeRange = LifetimeRange::new(300, 900, 900);
const H2H_SHORT: LifetimeRange = LifetimeRange::new(300, 600, 600);
const H2C_KZ: LifetimeRange = LifetimeRange::new(300, 900, 600);
const H2C_OTHER: LifetimeRange = LifetimeRange::new(300, 600, 600);

/// H2H p2p rows (merchant-api.md "Availability by country, H2H"); the e-commerce row is
/// [`H2H_ECOM`].
pub const H2H: &[H2hRow] = {
    use Method::*;
    &[
        H2hRow {
            country: Country::KZ,
            currency: "KZT",
            deposit: &[InternationalCardP2p],
            payout: &[CardP2p],
            lifetime: H2H_KZ,
            requirements: Requirements::NONE,
        },
        H2hRow {
            country: Country::ZA,
            currency: "ZAR",
            deposit: &[EftLink],
            payout: &[AccountNumber],
            lifetime: H2H_LONG,
            requirements: EMAIL,
        },
        H2hRow {
            country: Country::KE,
            currency: "KES",
            deposit: &[MobileMoney],
            payout: &[AccountNumber],
            lifetime: H2H_LONG,
            requirements: Requirements {
                customer_email: true,
                by_method: &[(MobileMoney, &[Need::SenderPhone, Need::SenderBankSymbol])],
                ..Requirements::NONE
            },
        },
        H2hRow {
            country: Country::NG,
            currency: "NGN",
            deposit: &[WalletLink, AccountNumber, Ussd],
            payout: &[AccountNumber],
            lifetime: H2H_LONG,
            requirements: Requirements {
                customer_email: true,
                by_method: &[
                    (Ussd, &[Need::SenderPhone, Need::SenderBankSymbol]),
                    (WalletLink, &[Need::SenderBankSymbol]),
                    (AccountNumber, &[Need::PaymentBankSymbol]),
                ],
                ..Requirements::NONE
            },
        },
        H2hRow {
            country: Country::KR,
            currency: "KRW",
            deposit: &[AccountNumber],
            payout: &[AccountNumber],
            lifetime: H2H_SHORT,
            requirements: Requirements { customer_names: true, ..Requirements::NONE },
        },
        H2hRow {
            country: Country::AR,
            currency: "ARS",
            deposit: &[AccountNumber],
            payout: &[AccountNumber],
            lifetime: H2H_SHORT,
            requirements: Requirements { identification_data: true, ..Requirements::NONE },
        },
        H2hRow {
            country: Country::AZ,
            currency: "AZN",
            deposit: &[CardP2p, PhoneP2p],
            payout: &[CardP2p, PhoneP2p],
            lifetime: H2H_SHORT,
            requirements: Requirements { sender_block: true, ..Requirements::NONE },
        },
        H2hRow {
            country: Country::UZ,
            currency: "UZS",
            deposit: &[CardP2p],
            payout: &[CardP2p],
            lifetime: H2H_SHORT,
            requirements: Requirements { sender_block: true, ..UZ },
        },
        H2hRow {
            country: Country::RU,
            currency: "RUB",
            deposit: &[CardP2p, SbpP2p, InternationalP2p, SbpQr, MobileP2p, InternationalCardP2p, QrLinkP2p],
            payout: &[CardP2p, SbpP2p, MobileP2p],
            lifetime: H2H_SHORT,
            requirements: Requirements::NONE,
        },
    ]
};

/// The H2H e-commerce row (KZ/UZ/RU), one entry per currency. Lifetime per decisions.md §10.
pub const H2H_ECOM: &[H2hRow] = &[
    H2hRow {
        country: Country::KZ,
        currency: "KZT",
        deposit: &[Method::CardEcom],
        payout: &[Method::CardEcom],
        lifetime: H2H_SHORT,
        requirements: Requirements::NONE,
    },
    H2hRow {
        country: Country::UZ,
        currency: "UZS",
        deposit: &[Method::CardEcom],
        payout: &[Method::CardEcom],
        lifetime: H2H_SHORT,
        requirements: UZ,
    },
    H2hRow {
        country: Country::RU,
        currency: "RUB",
        deposit: &[Method::CardEcom],
        payout: &[Method::CardEcom],
        lifetime: H2H_SHORT,
        requirements: Requirements::NONE,
    },
];

/// H2C rows (merchant-api.md "Availability by country, H2C"); e-commerce is [`H2C_ECOM`].
pub const H2C: &[H2cRow] = {
    use WidgetMethod::*;
    &[
        H2cRow {
            country: Country::RU,
            currency: "RUB",
            methods: &[
                P2pCard,
                P2pSbp,
                OneClick,
                P2pInternational,
                QrSbp,
                P2pMobile,
                P2pCardInternational,
                QrLinkP2p,
                AccountNumber,
            ],
            required_method: None,
            lifetime: H2C_OTHER,
            requirements: Requirements::NONE,
        },
        H2cRow {
            country: Country::UZ,
            currency: "UZS",
            methods: &[P2pCard],
            required_method: None,
            lifetime: H2C_OTHER,
            requirements: UZ,
        },
        H2cRow {
            country: Country::KZ,
            currency: "KZT",
            methods: &[P2pCardInternational],
            required_method: Some(P2pCardInternational),
            lifetime: H2C_KZ,
            requirements: Requirements::NONE,
        },
        H2cRow {
            country: Country::NG,
            currency: "NGN",
            methods: &[WalletLink, AccountNumber, Ussd],
            required_method: None,
            lifetime: H2C_OTHER,
            requirements: EMAIL,
        },
        H2cRow {
            country: Country::ZA,
            currency: "ZAR",
            methods: &[EftLink],
            required_method: None,
            lifetime: H2C_OTHER,
            requirements: EMAIL,
        },
        H2cRow {
            country: Country::KE,
            currency: "KES",
            methods: &[MobileMoney],
            required_method: None,
            lifetime: H2C_OTHER,
            requirements: EMAIL,
        },
        H2cRow {
            country: Country::KG,
            currency: "KGS",
            methods: &[P2pCard, P2pPhone, QrLinkP2p],
            required_method: None,
            lifetime: H2C_OTHER,
            requirements: Requirements::NONE,
        },
        H2cRow {
            country: Country::AZ,
            currency: "AZN",
            methods: &[P2pCard, P2pPhone],
            required_method: None,
            lifetime: H2C_OTHER,
            requirements: Requirements::NONE,
        },
    ]
};

/// The H2C e-commerce row (`payin-ecom-card` in KZT, UZS, RUB).
pub const H2C_ECOM: &[H2cRow] = &[
    H2cRow {
        country: Country::KZ,
        currency: "KZT",
        methods: &[WidgetMethod::EcomCard],
        required_method: None,
        lifetime: H2C_OTHER,
        requirements: Requirements::NONE,
    },
    H2cRow {
        country: Country::UZ,
        currency: "UZS",
        methods: &[WidgetMethod::EcomCard],
        required_method: None,
        lifetime: H2C_OTHER,
        requirements: UZ,
    },
    H2cRow {
        country: Country::RU,
        currency: "RUB",
        methods: &[WidgetMethod::EcomCard],
        required_method: None,
        lifetime: H2C_OTHER,
        requirements: Requirements::NONE,
    },
];

/// What a payout's receiver must give (decisions.md §6, §10; merchant-api.md Bank record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReceiverNeed {
    /// `receiver.pan`: a card number passing Luhn.
    CardNumber,
    /// `receiver.pan`: an account number.
    AccountNumber,
    /// `receiver.phone`, in the country's format.
    Phone,
    /// `receiver.bank_symbol`, a bank of the country's list.
    Bank,
    /// `receiver.bank_symbol`, a bank of the fast payment system (`is_sbp_bank`).
    SbpBank,
}

/// What each payout method needs of its receiver: the payout rules, beside the payout column
/// of the rows above.
pub const PAYOUT_RECEIVERS: &[(Method, &[ReceiverNeed])] = &[
    (Method::CardP2p, &[ReceiverNeed::CardNumber]),
    (Method::CardEcom, &[ReceiverNeed::CardNumber]),
    (Method::SbpP2p, &[ReceiverNeed::Phone, ReceiverNeed::SbpBank]),
    (Method::MobileP2p, &[ReceiverNeed::Phone]),
    (Method::PhoneP2p, &[ReceiverNeed::Phone]),
    (Method::AccountNumber, &[ReceiverNeed::AccountNumber, ReceiverNeed::Bank]),
];

/// What a payout by `method` needs of its receiver.
pub fn payout_receiver_needs(method: Method) -> &'static [ReceiverNeed] {
    PAYOUT_RECEIVERS.iter().find(|(m, _)| *m == method).map(|(_, needs)| *needs).unwrap_or(&[])
}

/// The row whose payout column offers `method` in `currency` (the H2H rows, then the
/// e-commerce row). H2C-only currencies (KGS) have none: payouts are H2H only.
pub fn payout_row(currency: &str, method: Method) -> Option<&'static H2hRow> {
    H2H.iter().chain(H2H_ECOM).find(|r| r.currency == currency && r.payout.contains(&method))
}

/// Every method of the payout column, once, in the catalogue's order (a form offers them).
pub fn all_payout_methods() -> Vec<&'static str> {
    let mut codes = Vec::new();
    for m in H2H.iter().chain(H2H_ECOM).flat_map(|r| r.payout.iter()) {
        if !codes.contains(&m.code()) {
            codes.push(m.code());
        }
    }
    codes
}

/// The country of a currency's H2H row: where a payout in it goes (a payout asked for from a
/// console has no payer whose country it could name).
pub fn country_of_currency(currency: &str) -> Option<&'static str> {
    h2h_row(currency).map(|r| r.country.code())
}

/// The payout methods offered in `currency`.
pub fn payout_methods(currency: &str) -> Vec<Method> {
    let mut methods = Vec::new();
    for m in H2H.iter().chain(H2H_ECOM).filter(|r| r.currency == currency).flat_map(|r| r.payout.iter()) {
        if !methods.contains(m) {
            methods.push(*m);
        }
    }
    methods
}

/// The H2H p2p row of a currency.
pub fn h2h_row(currency: &str) -> Option<&'static H2hRow> {
    H2H.iter().find(|r| r.currency == currency)
}

/// The H2H e-commerce row of a currency.
pub fn h2h_ecom_row(currency: &str) -> Option<&'static H2hRow> {
    H2H_ECOM.iter().find(|r| r.currency == currency)
}

/// The H2C row holding `currency` and `method` (decisions.md §10: the row that holds both);
/// without a method, the p2p row of the currency.
pub fn h2c_row(currency: &str, method: Option<WidgetMethod>) -> Option<&'static H2cRow> {
    match method {
        Some(WidgetMethod::EcomCard) => H2C_ECOM.iter().find(|r| r.currency == currency),
        _ => H2C.iter().find(|r| r.currency == currency),
    }
}

/// Widget methods the hosted page offers for a payment created without `widget_method`: the
/// country's methods, plus card e-commerce where the currency has it (decisions.md §10).
pub fn h2c_offered_methods(currency: &str) -> Vec<WidgetMethod> {
    let mut methods: Vec<WidgetMethod> =
        H2C.iter().filter(|r| r.currency == currency).flat_map(|r| r.methods.iter().copied()).collect();
    if H2C_ECOM.iter().any(|r| r.currency == currency) {
        methods.push(WidgetMethod::EcomCard);
    }
    // The page lists the ways most payers use first.
    methods.sort_by_key(|m| COMMON_FIRST.iter().position(|c| c == m).unwrap_or(COMMON_FIRST.len()));
    methods
}

/// Widget methods from the most used to the least (the order of the payment page's choice):
/// card transfers and cards, then the instant systems, then the rest.
const COMMON_FIRST: &[WidgetMethod] = &[
    WidgetMethod::P2pCard,
    WidgetMethod::EcomCard,
    WidgetMethod::P2pSbp,
    WidgetMethod::QrSbp,
    WidgetMethod::MobileMoney,
    WidgetMethod::Ussd,
    WidgetMethod::P2pPhone,
    WidgetMethod::AccountNumber,
    WidgetMethod::EftLink,
    WidgetMethod::WalletLink,
    WidgetMethod::QrLinkP2p,
    WidgetMethod::P2pMobile,
    WidgetMethod::P2pCardInternational,
    WidgetMethod::P2pInternational,
    WidgetMethod::OneClick,
];

impl WidgetMethod {
    /// The picture of the method on the payment page (drawn for Kassa: no scheme's mark).
    pub fn icon(self) -> &'static str {
        match self {
            WidgetMethod::P2pCard | WidgetMethod::EcomCard | WidgetMethod::P2pCardInternational => "card",
            WidgetMethod::P2pSbp | WidgetMethod::P2pPhone | WidgetMethod::P2pMobile => "phone",
            WidgetMethod::QrSbp | WidgetMethod::QrLinkP2p => "qr",
            WidgetMethod::MobileMoney | WidgetMethod::OneClick => "push",
            WidgetMethod::Ussd => "ussd",
            WidgetMethod::AccountNumber => "bank",
            WidgetMethod::P2pInternational => "globe",
            WidgetMethod::WalletLink => "wallet",
            WidgetMethod::EftLink => "link",
        }
    }
}

/// A phone number format of a country: a prefix and then a number of digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhoneFormat {
    /// `+7`, `+998`, or empty for national numbers.
    pub prefix: &'static str,
    pub min_digits: usize,
    pub max_digits: usize,
}

impl PhoneFormat {
    const fn new(prefix: &'static str, min_digits: usize, max_digits: usize) -> Self {
        PhoneFormat { prefix, min_digits, max_digits }
    }

    pub fn matches(&self, phone: &str) -> bool {
        phone.strip_prefix(self.prefix).is_some_and(|rest| {
            (self.min_digits..=self.max_digits).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_digit())
        })
    }

    /// The format as a regular expression (`^\+7\d{10}$`).
    pub fn pattern(&self) -> String {
        let prefix = self.prefix.replace('+', "\\+");
        if self.min_digits == self.max_digits {
            format!("^{prefix}\\d{{{}}}$", self.min_digits)
        } else {
            format!("^{prefix}\\d{{{},{}}}$", self.min_digits, self.max_digits)
        }
    }
}

/// What the catalogue knows about a country beside its rows.
#[derive(Debug)]
pub struct CountryInfo {
    pub country: Country,
    /// Default language of the hosted page (merchant-api.md and decisions.md §10).
    pub language: &'static str,
    /// Formats of `sender.phone` (merchant-api.md, decisions.md §10; ZA, KR, AR: not given by
    /// the spec, international format with an optional plus, see docs/DECISIONS.md).
    pub phones: &'static [PhoneFormat],
}

const PLUS7: PhoneFormat = PhoneFormat::new("+7", 10, 10);
const INTERNATIONAL: &[PhoneFormat] = &[PhoneFormat::new("+", 7, 15), PhoneFormat::new("", 7, 15)];

/// Every country of the availability tables.
pub const COUNTRIES: &[CountryInfo] = &[
    CountryInfo { country: Country::AR, language: "es", phones: INTERNATIONAL },
    CountryInfo { country: Country::AZ, language: "az", phones: &[PLUS7, PhoneFormat::new("+994", 7, 12)] },
    CountryInfo { country: Country::KE, language: "en", phones: &[PhoneFormat::new("", 8, 15)] },
    CountryInfo { country: Country::KG, language: "ky", phones: &[PLUS7] },
    CountryInfo { country: Country::KR, language: "ko", phones: INTERNATIONAL },
    CountryInfo { country: Country::KZ, language: "kk", phones: &[PLUS7] },
    CountryInfo { country: Country::NG, language: "en", phones: &[PhoneFormat::new("", 8, 15)] },
    CountryInfo { country: Country::RU, language: "ru", phones: &[PLUS7] },
    CountryInfo { country: Country::UZ, language: "uz", phones: &[PLUS7, PhoneFormat::new("+998", 9, 9)] },
    CountryInfo { country: Country::ZA, language: "en", phones: INTERNATIONAL },
];

impl Country {
    pub fn info(self) -> &'static CountryInfo {
        COUNTRIES.iter().find(|c| c.country == self).expect("every country is in COUNTRIES")
    }

    /// Default language of the hosted page.
    pub fn default_language(self) -> &'static str {
        self.info().language
    }

    /// Whether `phone` has one of the country's formats.
    pub fn phone_ok(self, phone: &str) -> bool {
        self.info().phones.iter().any(|f| f.matches(phone))
    }

    /// The country's phone formats, as the error message shows them.
    pub fn phone_patterns(self) -> String {
        let info = self.info();
        if info.phones == INTERNATIONAL {
            return "^\\+?\\d{7,15}$".to_string();
        }
        info.phones.iter().map(PhoneFormat::pattern).collect::<Vec<_>>().join(" or ")
    }

    /// The currency of the country's rows.
    pub fn currency(self) -> Currency {
        let code = H2H
            .iter()
            .map(|r| (r.country, r.currency))
            .chain(H2C.iter().map(|r| (r.country, r.currency)))
            .find(|(c, _)| *c == self)
            .map(|(_, code)| code)
            .expect("every country has a row");
        Currency::parse(code).expect("every row currency is listed")
    }
}

/// Countries whose H2H rows require the `sender` block, as a message lists them ("AZ and UZ").
pub fn sender_block_countries() -> String {
    let codes: Vec<&str> = H2H.iter().filter(|r| r.requirements.sender_block).map(|r| r.country.code()).collect();
    match codes.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Currencies of the H2H e-commerce row ("KZT, UZS, RUB").
pub fn ecom_currencies() -> String {
    H2H_ECOM.iter().map(|r| r.currency).collect::<Vec<_>>().join(", ")
}

/// Every currency used by a row exists in [`CURRENCIES`]; checked by a test, relied on above.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_currency_is_known() {
        for code in H2H.iter().chain(H2H_ECOM).map(|r| r.currency).chain(H2C.iter().chain(H2C_ECOM).map(|r| r.currency))
        {
            assert!(Currency::parse(code).is_some(), "{code}");
        }
        for country in Country::ALL {
            let _ = country.currency();
        }
    }

    #[test]
    fn every_widget_method_is_in_some_row_and_has_a_kind() {
        for m in WidgetMethod::ALL {
            assert!(H2C.iter().chain(H2C_ECOM).any(|r| r.methods.contains(m)), "{m}");
            let _ = m.kind();
        }
        for m in Method::ALL {
            assert!(H2H.iter().chain(H2H_ECOM).any(|r| r.deposit.contains(m) || r.payout.contains(m)), "{m}");
        }
    }

    #[test]
    fn rows_are_looked_up_by_currency_and_method() {
        assert_eq!(h2h_row("RUB").unwrap().country, Country::RU);
        assert!(h2h_row("USD").is_none());
        assert_eq!(h2c_row("KZT", Some(WidgetMethod::EcomCard)).unwrap().methods, &[WidgetMethod::EcomCard]);
        assert_eq!(h2c_row("KZT", None).unwrap().required_method, Some(WidgetMethod::P2pCardInternational));
        assert_eq!(h2c_row("KGS", None).unwrap().country, Country::KG);
        assert!(h2c_row("ARS", None).is_none(), "AR has no widget");
    }

    #[test]
    fn lifetimes_follow_the_limits_table() {
        assert_eq!(h2h_row("KZT").unwrap().lifetime, LifetimeRange::new(300, 900, 600));
        assert_eq!(h2h_row("NGN").unwrap().lifetime, LifetimeRange::new(300, 900, 900));
        assert_eq!(h2h_row("KRW").unwrap().lifetime, LifetimeRange::new(300, 600, 600));
        assert_eq!(h2c_row("KZT", None).unwrap().lifetime, LifetimeRange::new(300, 900, 600));
        assert_eq!(h2c_row("KES", None).unwrap().lifetime, LifetimeRange::new(300, 600, 600));
    }

    #[test]
    fn offered_widget_methods_add_card_ecom_where_available() {
        let ru = h2c_offered_methods("RUB");
        assert_eq!(ru.len(), 10);
        // The most used first: card transfer, card, then SBP.
        assert_eq!(ru[..3], [WidgetMethod::P2pCard, WidgetMethod::EcomCard, WidgetMethod::P2pSbp]);
        assert_eq!(h2c_offered_methods("KGS").len(), 3);
    }

    #[test]
    fn phones_per_country() {
        let ok = |c: Country, p| c.phone_ok(p);
        assert!(ok(Country::RU, "+79001234567"));
        assert!(!ok(Country::RU, "+7900123456"));
        assert!(!ok(Country::RU, "79001234567"));
        assert!(ok(Country::UZ, "+998901234567"));
        assert!(ok(Country::UZ, "+79001234567"));
        assert!(!ok(Country::UZ, "+99890123456"));
        assert!(ok(Country::AZ, "+9941234567"));
        assert!(ok(Country::AZ, "+994123456789012"));
        assert!(!ok(Country::AZ, "+994123456"));
        assert!(!ok(Country::AZ, "+9941234567890123"));
        assert!(ok(Country::KE, "254712345678"));
        assert!(ok(Country::NG, "12345678"));
        assert!(!ok(Country::NG, "1234567"));
        assert!(!ok(Country::KE, "+254712345678"));
        assert!(!ok(Country::NG, "1234567890123456"));
        assert!(ok(Country::ZA, "+27821234567") && ok(Country::ZA, "27821234567") && !ok(Country::ZA, "+27"));
        assert_eq!(Country::RU.phone_patterns(), r"^\+7\d{10}$");
        assert_eq!(Country::UZ.phone_patterns(), r"^\+7\d{10}$ or ^\+998\d{9}$");
        assert_eq!(Country::AZ.phone_patterns(), r"^\+7\d{10}$ or ^\+994\d{7,12}$");
        assert_eq!(Country::KE.phone_patterns(), r"^\d{8,15}$");
        assert_eq!(Country::ZA.phone_patterns(), r"^\+?\d{7,15}$");
    }

    #[test]
    fn payouts_follow_the_payout_column() {
        assert_eq!(payout_row("RUB", Method::SbpP2p).unwrap().country, Country::RU);
        assert_eq!(payout_row("RUB", Method::CardEcom).unwrap().country, Country::RU);
        assert!(payout_row("RUB", Method::SbpQr).is_none(), "a deposit method only");
        assert!(payout_row("KGS", Method::CardP2p).is_none(), "no payouts in H2C-only currencies");
        assert!(payout_row("USD", Method::CardP2p).is_none());
        assert_eq!(payout_methods("RUB"), [Method::CardP2p, Method::SbpP2p, Method::MobileP2p, Method::CardEcom]);
        for row in H2H.iter().chain(H2H_ECOM) {
            for m in row.payout {
                assert!(!payout_receiver_needs(*m).is_empty(), "{m} has receiver rules");
            }
        }
    }

    #[test]
    fn requirements_are_rows_data() {
        assert_eq!(sender_block_countries(), "AZ and UZ");
        assert_eq!(ecom_currencies(), "KZT, UZS, RUB");
        let ng = h2h_row("NGN").unwrap();
        assert_eq!(ng.requirements.needs(Some(Method::AccountNumber)), &[Need::PaymentBankSymbol]);
        assert!(ng.requirements.needs(None).is_empty());
        assert!(h2c_row("NGN", None).unwrap().requirements.needs(Some(Method::AccountNumber)).is_empty());
        assert!(h2h_row("KRW").unwrap().requirements.customer_names);
        assert!(!h2c_row("KGS", None).unwrap().requirements.customer_email);
        for c in Country::ALL {
            assert_eq!(c.info().country, *c);
        }
    }

    #[test]
    fn major_units_use_the_currency_digits() {
        assert_eq!(Currency::parse("RUB").unwrap().format_major(150000), "1500.00");
        assert_eq!(Currency::parse("RUB").unwrap().format_major(5), "0.05");
        assert_eq!(Currency::parse("KRW").unwrap().format_major(15000), "15000");
        assert_eq!(Country::KG.default_language(), "ky");
    }
}
