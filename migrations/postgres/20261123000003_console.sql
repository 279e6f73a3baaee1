-- The consoles (issues 11, 12): their users and the audit log.

-- People who log in to a console: operators, and (issue 12) users of one merchant.
CREATE TABLE console_users (
    id            TEXT PRIMARY KEY,
    audience      TEXT NOT NULL,
    merchant_id   TEXT REFERENCES merchants (id),
    login         TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    active        BOOLEAN NOT NULL DEFAULT TRUE,
    created_ms    BIGINT NOT NULL,
    UNIQUE (audience, login)
);

-- Every action taken in a console or the operator API: who, when, what, on what, the state
-- before and after. Written in the transaction of the change, never changed afterwards.
CREATE TABLE audit_log (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at_ms        BIGINT NOT NULL,
    actor        TEXT NOT NULL,
    action       TEXT NOT NULL,
    subject_kind TEXT NOT NULL,
    subject_id   TEXT NOT NULL,
    state_before TEXT,
    state_after  TEXT,
    detail       TEXT
);
CREATE INDEX audit_log_subject ON audit_log (subject_kind, subject_id, id);
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- The operator queue: payments waiting for a human, oldest first.
CREATE INDEX payments_waiting_for_operator ON payments (updated_ms)
    WHERE status = 'dispute' OR (status = 'processing' AND sub_status IN ('paid', 'payout_process'));

-- Console search by the merchant's payment_id (request_id is the key).
CREATE INDEX payments_payment_id ON payments (payment_id);

-- Console search by requisite: the requisite a payment was given (written with its recipient;
-- a plain column, so indexes that carry it cover their queries).
ALTER TABLE payments ADD COLUMN requisite_id TEXT;
UPDATE payments SET requisite_id = recipient_json::jsonb ->> 'requisite_id' WHERE recipient_json IS NOT NULL;
CREATE INDEX payments_requisite ON payments (requisite_id, created_ms) WHERE requisite_id IS NOT NULL;
-- Lists and the dashboard read payments by creation time; the dashboard's columns ride along
-- so its figures come from the index alone.
CREATE INDEX payments_created ON payments (created_ms) INCLUDE (payment_type, country, method, widget_method,
    currency, status, status_description, amount, requisite_id);

-- Incoming transfers reported by operators (one by one, or rows of a bank statement). A row
-- is applied once: `row_key` identifies it, so the same statement uploaded twice adds nothing.
-- Rows that matched no payment stay here, unmatched, for a human to look at.
CREATE TABLE incoming_transfers (
    row_key       TEXT PRIMARY KEY,
    transfer_date TEXT,
    amount        BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    requisite_ref TEXT NOT NULL,
    reference     TEXT,
    request_id    TEXT,
    recorded_by   TEXT NOT NULL,
    recorded_ms   BIGINT NOT NULL
);
CREATE INDEX incoming_transfers_unmatched ON incoming_transfers (recorded_ms) WHERE request_id IS NULL;

-- A payment's ledger entries, on its console page.
CREATE INDEX ledger_entries_request ON ledger_entries (request_id) WHERE request_id IS NOT NULL;

-- The dashboard's "went to dispute": the few history rows of disputes, by time.
CREATE INDEX payment_status_history_disputes ON payment_status_history (at_ms) WHERE status = 'dispute';

-- When a request key last authenticated a request (to within the auth cache's lifetime).
ALTER TABLE request_keys ADD COLUMN last_used_ms BIGINT;

-- A merchant's payments, newest first (the merchant console's list and export).
CREATE INDEX payments_project_created ON payments (project_id, created_ms);
