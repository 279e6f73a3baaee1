//! A browser without JavaScript for the consoles' tests: its own cookie jar, redirects not
//! followed (the tests read them), the forms' hidden fields read from the HTML.

use kassa::domain::audit::{AuditQuery, Subject};
use kassa::domain::user::{Audience, Role};
use kassa::secret::Secret;

use crate::helpers::*;

pub const PASSWORD: &str = "correct horse battery staple";

/// A browser: its own cookie jar, redirects not followed (the test reads them).
pub struct Browser {
    pub client: reqwest::Client,
    pub base: String,
}

pub struct Page {
    pub status: u16,
    pub location: Option<String>,
    pub headers: reqwest::header::HeaderMap,
    pub html: String,
}

impl Page {
    /// The value of the first hidden `csrf` field.
    pub fn csrf(&self) -> String {
        let at = self.html.find("name=\"csrf\" value=\"").expect("a form with a CSRF field");
        let rest = &self.html[at + "name=\"csrf\" value=\"".len()..];
        rest[..rest.find('"').unwrap()].to_string()
    }

    /// The value of the `version` field of the form posting to `action`.
    pub fn version_for(&self, action: &str) -> String {
        let at = self.html.find(&format!("action=\"{action}\"")).expect("the form");
        let rest = &self.html[at..];
        let v = rest.find("name=\"version\" value=\"").unwrap() + "name=\"version\" value=\"".len();
        rest[v..v + rest[v..].find('"').unwrap()].to_string()
    }
}

impl Browser {
    pub fn new(app: &TestApp) -> Self {
        let client =
            reqwest::Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Browser { client, base: app.url("") }
    }

    /// A browser connecting from another local address (127.0.0.2: another client as the
    /// server sees it).
    pub fn from_address(app: &TestApp, address: std::net::IpAddr) -> Self {
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .local_address(address)
            .build()
            .unwrap();
        Browser { client, base: app.url("") }
    }

    pub async fn page(response: reqwest::Response) -> Page {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let location = headers.get("location").map(|l| l.to_str().unwrap().to_string());
        Page { status, location, headers, html: response.text().await.unwrap() }
    }

    pub async fn get(&self, path: &str) -> Page {
        Self::page(self.client.get(format!("{}{path}", self.base)).send().await.unwrap()).await
    }

    pub async fn post(&self, path: &str, form: &[(&str, &str)]) -> Page {
        Self::page(self.client.post(format!("{}{path}", self.base)).form(form).send().await.unwrap()).await
    }

    pub async fn log_in(&self, login: &str, password: &str) -> Page {
        self.log_in_to("/operator", login, password).await
    }

    pub async fn log_in_to(&self, console: &str, login: &str, password: &str) -> Page {
        let page = self.get(&format!("{console}/login")).await;
        assert_eq!(page.status, 200);
        self.post(&format!("{console}/login"), &[("csrf", &page.csrf()), ("login", login), ("password", password)])
            .await
    }
}

/// The test project's merchant gets a console user, `shop-owner`.
pub async fn add_shop_owner(app: &TestApp) {
    let merchant_id = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().merchant_id;
    app.services
        .users
        .add(
            Audience::Merchant,
            Some(&merchant_id),
            "shop-owner",
            &Secret::new(PASSWORD.to_string()),
            Some(Role::Owner),
        )
        .await
        .unwrap();
}

/// A browser signed in to the merchant console as the test project's `shop-owner`.
pub async fn shop_owner(app: &TestApp) -> Browser {
    add_shop_owner(app).await;
    let browser = Browser::new(app);
    browser.log_in_to("/merchant", "shop-owner", PASSWORD).await;
    browser
}

pub async fn add_operator(app: &TestApp, login: &str) {
    add_user(app, Audience::Operator, login, Role::Admin).await;
}

/// A console user of `role` (a merchant's user belongs to the test project's merchant).
pub async fn add_user(app: &TestApp, audience: Audience, login: &str, role: Role) {
    let merchant_id = match audience {
        Audience::Operator => None,
        Audience::Merchant => {
            Some(app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().merchant_id)
        }
    };
    app.services
        .users
        .add(audience, merchant_id.as_deref(), login, &Secret::new(PASSWORD.to_string()), Some(role))
        .await
        .unwrap();
}

pub async fn audit_of(app: &TestApp, request_id: &str) -> Vec<kassa::domain::audit::StoredAudit> {
    let query = AuditQuery { subject: Some((Subject::Payment, request_id.to_string())), before_id: None, limit: 100 };
    app.stores.audit.audit(&query).await.unwrap()
}

/// The audit trail of the console user `login`, newest first.
pub async fn user_audit(app: &TestApp, login: &str) -> Vec<kassa::domain::audit::StoredAudit> {
    let query = AuditQuery { subject: Some((Subject::User, login.to_string())), before_id: None, limit: 100 };
    app.stores.audit.audit(&query).await.unwrap()
}

/// A p2p payin the payer says they paid (`processing:paid`).
pub async fn paid_payin(app: &TestApp, payment_id: &str, amount: i64) -> String {
    app.add_ru_card("5536913812345672").await;
    let (status, created) =
        app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, payment_id, amount)).await;
    assert_eq!(status, 200, "{created}");
    app.wait_for(payment_id, 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let (status, paid) = app.call("/api/v1/payment/p2p/payin/confirm", &app.general_ref(payment_id)).await;
    assert_eq!((status, status_of(&paid).as_str()), (200, "processing:paid"));
    created["request_id"].as_str().unwrap().to_string()
}
