//! What wakes the background work: a change that wrote callbacks wakes the dispatcher; a
//! payment entering the requisites search, or a requisite that may be free again, wakes the
//! search. Searches and deliveries follow these events instead of polling, so waiting costs
//! nothing while nothing changes (the stored times are only the safety net).

use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use super::payment::Payment;
use super::ports::PaymentStore;
use super::time::now_ms;

pub struct Signals {
    store: Arc<dyn PaymentStore>,
    callbacks_ready: Arc<Notify>,
    search_ready: Arc<Notify>,
    /// Payments that just entered the search, searched by this process without a claim.
    fresh_searches: Mutex<Vec<Payment>>,
}

impl Signals {
    pub fn new(store: Arc<dyn PaymentStore>) -> Self {
        Signals {
            store,
            callbacks_ready: Arc::new(Notify::new()),
            search_ready: Arc::new(Notify::new()),
            fresh_searches: Mutex::new(Vec::new()),
        }
    }

    /// Wakes the dispatcher: callbacks were written.
    pub fn callbacks_written(&self) {
        self.callbacks_ready.notify_one();
    }

    /// What the dispatcher waits on.
    pub fn callbacks_ready(&self) -> Arc<Notify> {
        self.callbacks_ready.clone()
    }

    /// What the requisites search waits on.
    pub fn search_ready(&self) -> Arc<Notify> {
        self.search_ready.clone()
    }

    /// Hands a payment that just entered the search to this process's search worker: it holds
    /// the payment already, so no claim is written. Others only see it if the safety-net time
    /// passes without a search.
    pub fn search_now(&self, payment: Payment) {
        self.fresh_searches.lock().expect("search queue lock").push(payment);
        self.search_ready.notify_one();
    }

    /// The payments handed over by [`Self::search_now`] since the last call.
    pub fn take_fresh_searches(&self) -> Vec<Payment> {
        std::mem::take(&mut *self.fresh_searches.lock().expect("search queue lock"))
    }

    /// A requisite in `currency` was added, re-enabled or released: payments waiting for
    /// requisites in that currency are searched again now.
    pub async fn requisites_may_be_free(&self, currency: &str) {
        match self.store.wake_searches(currency, now_ms()).await {
            Ok(0) => {}
            Ok(_) => self.search_ready.notify_one(),
            Err(e) => tracing::warn!(error = %e, "waking the requisites search failed"),
        }
    }
}
