//! What a status change sends (merchant-api.md Events, decisions.md §3): which kind of callback
//! goes to which URL, and its body. The rows are written in the transaction of the change.

use serde::Serialize;

use super::FINAL_RETRY_WINDOW_MS;
use crate::domain::catalogue::{Integration, MethodKind};
use crate::domain::payment::{Payment, PaymentState};
use crate::storage::{CallbackKind, NewCallback};
use crate::wire::{
    AscInfoView, DisplayItem, IntegrationInfo, MaskedRequisites, PaymentInfo, RedirectInfoView, asc_info, display_data,
    redirect_info,
};

/// The callback body. It holds no booleans (decisions.md §3).
#[derive(Debug, Serialize)]
pub struct CallbackBody {
    pub project_id: String,
    pub general: CallbackGeneral,
    pub status: CallbackStatus,
    pub payment_info: PaymentInfo,
    pub recipient_requisites: Option<MaskedRequisites>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub integration: Option<IntegrationInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display_data: Option<Vec<DisplayItem>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asc_info: Option<AscInfoView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_info: Option<RedirectInfoView>,
}

#[derive(Debug, Serialize)]
pub struct CallbackGeneral {
    pub request_id: String,
    pub payment_id: String,
}

#[derive(Debug, Serialize)]
pub struct CallbackStatus {
    pub status: &'static str,
    pub sub_status: Option<&'static str>,
    pub status_description: Option<String>,
}

/// `{project_id}:{payment_id}:{status}:{sub_status}`, a null sub-status written as empty.
pub fn idempotency_key(p: &Payment) -> String {
    format!("{}:{}:{}:{}", p.project_id, p.payment_id, p.state.status(), p.state.sub_status().unwrap_or(""))
}

/// The callbacks reporting that `p` (after a change) reached its current status. Empty when the
/// status sends nothing or the payment has no URL for that kind.
pub fn callbacks_for(p: &Payment, public_url: &str, now_ms: i64) -> Vec<NewCallback> {
    let (kind, url) = match p.state {
        PaymentState::Success => (CallbackKind::Success, &p.details.urls.success_callback),
        PaymentState::Decline => (CallbackKind::Decline, &p.details.urls.decline_callback),
        _ => {
            let card = p.kind() == Some(MethodKind::CardEcom);
            // E-commerce: informative callbacks only in H2H, for the 3DS and redirect steps.
            if card
                && (p.integration == Integration::Widget
                    || !matches!(p.state, PaymentState::Awaiting3ds | PaymentState::AwaitingRedirect))
            {
                return Vec::new();
            }
            (CallbackKind::Informative, &p.details.urls.callback)
        }
    };
    let Some(url) = url else {
        return Vec::new();
    };
    let informative = kind == CallbackKind::Informative;
    let h2h_p2p_instruction =
        informative && p.integration == Integration::H2hP2p && p.state == PaymentState::AwaitingConfirm;
    let body = CallbackBody {
        project_id: p.project_id.clone(),
        general: CallbackGeneral { request_id: p.request_id.clone(), payment_id: p.payment_id.clone() },
        status: CallbackStatus {
            status: p.state.status(),
            sub_status: p.state.sub_status(),
            status_description: p.status_description.clone(),
        },
        payment_info: PaymentInfo { payment_system: None, ..PaymentInfo::of(p) },
        recipient_requisites: MaskedRequisites::of(p),
        integration: informative.then(|| IntegrationInfo::of(p, public_url)),
        display_data: h2h_p2p_instruction.then(|| display_data(p, public_url)),
        asc_info: asc_info(p),
        redirect_info: redirect_info(p),
    };
    let give_up_ms = match kind {
        CallbackKind::Success | CallbackKind::Decline => Some(now_ms + FINAL_RETRY_WINDOW_MS),
        // E-commerce informative callbacks are retried until the lifetime ends.
        CallbackKind::Informative if p.kind() == Some(MethodKind::CardEcom) => Some(p.expires_ms()),
        CallbackKind::Informative => None,
    };
    vec![NewCallback {
        kind,
        url: url.clone(),
        body: serde_json::to_string(&body).expect("callback body serializes"),
        idempotency_key: idempotency_key(p),
        next_attempt_ms: now_ms,
        give_up_ms,
    }]
}
