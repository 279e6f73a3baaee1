//! The domain's services, built once over the storage ports and the adapters start-up chooses
//! (acquirer, callback bodies, the integration check). The server, the background jobs and
//! the command line all reach the domain through this bundle.

use std::sync::Arc;

use crate::domain::acquirer::Acquirer;
use crate::domain::audit_log::AuditLog;
use crate::domain::balances::Balances;
use crate::domain::banks::Banks;
use crate::domain::callback_log::CallbackLog;
use crate::domain::card_payments::CardPayments;
use crate::domain::dashboard::Dashboard;
use crate::domain::decisions::Decisions;
use crate::domain::engine::{Engine, Settings};
use crate::domain::hosted_page::HostedPage;
use crate::domain::keys::Keys;
use crate::domain::lookup::Lookup;
use crate::domain::outbox::{CallbackProbe, CallbackRenderer};
use crate::domain::payins::Payins;
use crate::domain::payouts::Payouts;
use crate::domain::ports::Stores;
use crate::domain::projects::Projects;
use crate::domain::reconciliation::Reconciliation;
use crate::domain::requisites::Requisites;
use crate::domain::scheduler::Scheduler;
use crate::domain::signals::Signals;
use crate::domain::users::ConsoleUsers;

/// What the services are built with besides storage.
pub struct Adapters {
    pub settings: Settings,
    /// The largest credits one operator makes alone.
    pub credit_limits: crate::domain::approval::CreditLimits,
    /// Authorizes card payments; `None` when no acquirer is configured.
    pub acquirer: Option<Arc<dyn Acquirer>>,
    pub renderer: Arc<dyn CallbackRenderer>,
    pub probe: Arc<dyn CallbackProbe>,
    /// Who must sign in to a console with a second factor.
    pub second_factor: crate::domain::users::FactorPolicy,
}

#[derive(Clone)]
pub struct Services {
    pub signals: Arc<Signals>,
    pub payins: Arc<Payins>,
    pub payouts: Arc<Payouts>,
    pub lookup: Arc<Lookup>,
    pub decisions: Arc<Decisions>,
    pub reconciliation: Arc<Reconciliation>,
    pub balances: Arc<Balances>,
    pub dashboard: Arc<Dashboard>,
    pub audit_log: Arc<AuditLog>,
    pub callback_log: Arc<CallbackLog>,
    pub cards: Arc<CardPayments>,
    pub hosted_page: Arc<HostedPage>,
    pub scheduler: Arc<Scheduler>,
    pub requisites: Arc<Requisites>,
    pub projects: Arc<Projects>,
    pub keys: Arc<Keys>,
    pub banks: Arc<Banks>,
    pub users: Arc<ConsoleUsers>,
}

impl Services {
    pub fn new(stores: &Stores, adapters: Adapters) -> Self {
        let Adapters { settings, credit_limits, acquirer, renderer, probe, second_factor } = adapters;
        let s = stores;
        let signals = Arc::new(Signals::new(s.payments.clone()));
        let engine = Arc::new(Engine::new(s.payments.clone(), settings, renderer, signals.clone()));
        let cards = Arc::new(CardPayments::new(engine.clone(), acquirer));
        Services {
            payins: Arc::new(Payins::new(engine.clone(), s.payments.clone(), s.banks.clone(), cards.clone())),
            payouts: Arc::new(Payouts::new(engine.clone(), s.payments.clone(), s.banks.clone())),
            lookup: Arc::new(Lookup::new(s.payments.clone(), s.requisites.clone())),
            decisions: Arc::new(Decisions::new(
                engine.clone(),
                s.payments.clone(),
                s.approvals.clone(),
                credit_limits.clone(),
            )),
            reconciliation: Arc::new(Reconciliation::new(
                engine.clone(),
                s.payments.clone(),
                s.requisites.clone(),
                (s.transfers.clone(), s.approvals.clone(), s.stats.clone()),
                credit_limits,
            )),
            balances: Arc::new(Balances::new(s.ledger.clone())),
            dashboard: Arc::new(Dashboard::new(s.stats.clone())),
            audit_log: Arc::new(AuditLog::new(s.audit.clone())),
            callback_log: Arc::new(CallbackLog::new(
                s.outbox.clone(),
                s.projects.clone(),
                probe,
                signals.clone(),
                s.audit.clone(),
            )),
            hosted_page: Arc::new(HostedPage::new(engine.clone(), s.projects.clone(), s.requisites.clone())),
            scheduler: Arc::new(Scheduler::new(engine, s.payments.clone(), s.requisites.clone())),
            requisites: Arc::new(Requisites::new(s.requisites.clone(), s.banks.clone(), signals.clone())),
            projects: Arc::new(Projects::new(s.projects.clone())),
            keys: Arc::new(Keys::new(s.projects.clone())),
            banks: Arc::new(Banks::new(s.banks.clone())),
            users: Arc::new(ConsoleUsers::new(s.users.clone(), s.audit.clone()).with_factor_policy(second_factor)),
            cards,
            signals,
        }
    }
}
