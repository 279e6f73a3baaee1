//! The integration check: one signed test callback to a URL of the merchant's choice, and
//! exactly what was sent (headers, body, the normalized string and the signed message) and
//! what came back.

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;

use super::super::guard::{Allowed, Develops, MerchantUser, Posted};
use super::super::{Params, Texts, field};
use crate::domain::error::DomainError;
use crate::domain::outbox::ProbeReport;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Tone};

fn form(m: &MerchantUser, url: &str) -> ActionForm {
    let t = &m.s.texts;
    let projects = m.projects.iter().map(|p| (p.id.clone(), p.name.clone())).collect();
    let fields = vec![
        field("project", t.t("console-col-project"), FieldKind::Select(projects), true),
        FormField {
            value: url.to_string(),
            hint: Some(t.t("console-integration-url-hint")),
            ..field("url", t.t("console-col-url"), FieldKind::Text, true)
        },
    ];
    ActionForm {
        inline: false,
        label: Some(t.t("console-integration-title")),
        ..m.s.post("/integration", t.t("console-integration-send"), fields)
    }
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(m, _): Allowed<Develops, MerchantUser>,
    params: Params,
) -> Response {
    let t = &m.s.texts;
    let blocks = vec![Block::Paragraph(t.t("console-integration-help")), Block::Form(form(&m, ""))];
    m.s.page(&state, "/integration", t.t("console-integration-title"), m.s.notice(&params), blocks)
}

#[derive(Deserialize)]
pub struct ProbeForm {
    project: Option<String>,
    url: Option<String>,
}

pub async fn send(
    State(state): State<AppState>,
    Posted { who: m, form: probe, .. }: Posted<MerchantUser, ProbeForm, Develops>,
) -> Response {
    let t = &m.s.texts;
    let Some(project) = probe.project.as_deref().and_then(|id| m.project(id)) else {
        return m.s.not_found(&state);
    };
    let url = probe.url.unwrap_or_default().trim().to_string();
    let log = &state.services.callback_log;
    let report = match log.check_integration(&project.merchant_id, &project.id, &url, &m.s.user.who()).await {
        Ok(report) => report,
        Err(DomainError::Missing) => return m.s.back("/integration", "failed"),
        Err(DomainError::Busy) => return m.s.back("/integration", "checks-busy"),
        Err(e @ DomainError::Refused(_)) => return m.s.refused("/integration", &e),
        Err(e) => return m.s.unavailable(&state, &e),
    };
    let mut blocks = report_blocks(t, &report);
    blocks.push(Block::Form(form(&m, &url)));
    m.s.page(&state, "/integration", t.t("console-integration-title"), None, blocks)
}

fn report_blocks(t: &Texts, report: &ProbeReport) -> Vec<Block> {
    let answer = match (&report.http_status, &report.error) {
        (Some(status), _) => Cell::Status {
            text: t.ta(
                "console-integration-status",
                &[("status", Arg::Number(*status as i64)), ("ms", Arg::Number(report.latency_ms as i64))],
            ),
            tone: if (200..300).contains(status) { Tone::Good } else { Tone::Bad },
        },
        (None, Some(error)) => Cell::Status { text: error.clone(), tone: Tone::Bad },
        (None, None) => Cell::Status { text: "-".into(), tone: Tone::Neutral },
    };
    let mut sent = vec![(t.t("console-col-url"), Cell::Mono(report.url.clone()))];
    sent.extend(report.headers.iter().map(|(k, v)| (k.clone(), Cell::Mono(v.clone()))));
    sent.push((t.t("console-integration-body"), Cell::Mono(report.body.clone())));
    let check = vec![
        (t.t("console-integration-normalized"), Cell::Mono(report.normalized.clone())),
        (t.t("console-integration-message"), Cell::Mono(report.signed_message.clone())),
        (t.t("console-integration-algorithm"), Cell::Mono(report.algorithm.clone())),
    ];
    let answer = vec![
        (t.t("console-col-http"), answer),
        (t.t("console-col-response"), Cell::Mono(report.response_excerpt.clone().unwrap_or_default())),
    ];
    vec![
        Block::Section {
            heading: t.t("console-integration-answer"),
            id: "answer".into(),
            blocks: vec![Block::Facts(answer)],
        },
        Block::Section {
            heading: t.t("console-integration-sent"),
            id: "sent".into(),
            blocks: vec![Block::Facts(sent)],
        },
        Block::Section {
            heading: t.t("console-integration-verify"),
            id: "verify".into(),
            blocks: vec![Block::Paragraph(t.t("console-integration-verify-help")), Block::Facts(check)],
        },
    ]
}
