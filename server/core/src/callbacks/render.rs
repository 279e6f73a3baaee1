//! Callback bodies (merchant-api.md "Callback body", decisions.md §3): the wire format the
//! domain's outbox asks for through [`CallbackRenderer`], handed in at start-up.

use serde::Serialize;

use crate::domain::catalogue::Integration;
use crate::domain::outbox::{CallbackKind, CallbackRenderer};
use crate::domain::payment::{Payment, PaymentState};
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

/// Renders callback bodies with links on `public_url` (`form_url`, `display_data` URLs).
pub struct WireRenderer {
    public_url: String,
}

impl WireRenderer {
    pub fn new(public_url: &str) -> Self {
        WireRenderer { public_url: public_url.trim_end_matches('/').to_string() }
    }

    pub fn body(&self, p: &Payment, kind: CallbackKind) -> CallbackBody {
        let informative = kind == CallbackKind::Informative;
        let h2h_p2p_instruction =
            informative && p.integration == Integration::H2hP2p && p.state == PaymentState::AwaitingConfirm;
        CallbackBody {
            project_id: p.project_id.clone(),
            general: CallbackGeneral { request_id: p.request_id.clone(), payment_id: p.payment_id.clone() },
            status: CallbackStatus {
                status: p.state.status(),
                sub_status: p.state.sub_status(),
                status_description: p.status_description.clone(),
            },
            payment_info: PaymentInfo { payment_system: None, ..PaymentInfo::of(p) },
            recipient_requisites: MaskedRequisites::of(p),
            integration: informative.then(|| IntegrationInfo::of(p, &self.public_url)),
            display_data: h2h_p2p_instruction.then(|| display_data(p, &self.public_url)),
            asc_info: asc_info(p),
            redirect_info: redirect_info(p),
        }
    }
}

impl CallbackRenderer for WireRenderer {
    fn body(&self, payment: &Payment, kind: CallbackKind) -> String {
        serde_json::to_string(&WireRenderer::body(self, payment, kind)).expect("callback body serializes")
    }
}
