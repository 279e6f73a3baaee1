-- Reconciliation (issue 27): one record per real transfer, whatever the source; bank statements
-- kept as checked until applied; credits waiting for a second operator.

-- The account a requisite's bank statements show (a card requisite's account number), compared
-- as normalized (no spaces, dashes or dots; upper case).
ALTER TABLE requisites ADD COLUMN statement_account TEXT;
CREATE INDEX requisites_statement_account ON requisites (statement_account) WHERE statement_account IS NOT NULL;

CREATE TABLE transfers (
    id            TEXT PRIMARY KEY,
    source        TEXT NOT NULL,
    statement_id  TEXT,
    line          BIGINT,
    account       TEXT NOT NULL,
    requisite_id  TEXT,
    -- The requisite (`r:{id}`) or the normalized account (`a:{account}`).
    account_key   TEXT NOT NULL,
    booked_on     TEXT NOT NULL,
    booked_ms     BIGINT,
    amount        BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    direction     TEXT NOT NULL,
    counterparty  TEXT,
    reference     TEXT,
    bank_id       TEXT,
    -- account_key|booked_on|amount|currency|direction: what a second sighting shares.
    similarity    TEXT NOT NULL,
    state         TEXT NOT NULL,
    reason        TEXT,
    request_id    TEXT,
    recorded_by   TEXT NOT NULL,
    recorded_ms   BIGINT NOT NULL,
    decided_by    TEXT,
    decided_ms    BIGINT,
    note          TEXT
);
-- The bank's own id is one transfer on one account: seen again, it is the same.
CREATE UNIQUE INDEX transfers_bank_id ON transfers (account_key, bank_id) WHERE bank_id IS NOT NULL;
-- A payment is credited by one transfer.
CREATE UNIQUE INDEX transfers_credit ON transfers (request_id) WHERE state = 'credited';
-- A statement's row is recorded once, however many times the statement is applied.
CREATE UNIQUE INDEX transfers_statement_line ON transfers (statement_id, line) WHERE statement_id IS NOT NULL;
CREATE INDEX transfers_similarity ON transfers (similarity);
CREATE INDEX transfers_review ON transfers (recorded_ms) WHERE state = 'review';
CREATE INDEX transfers_booked ON transfers (booked_on);

-- Transfers recorded before: matched ones credited their payment, the others wait for review.
-- Their account is their requisite's when the reference names one (its id or number), so a
-- second sighting of the same transfer is recognized as it would be today.
INSERT INTO transfers (id, source, account, requisite_id, account_key, booked_on, amount, currency, direction,
    reference, similarity, state, reason, request_id, recorded_by, recorded_ms)
SELECT row_key, source, requisite_ref, requisite_id, account_key, booked_on, amount, currency, 'credit', reference,
    account_key || '|' || booked_on || '|' || amount || '|' || currency || '|credit',
    CASE WHEN request_id IS NULL THEN 'review' ELSE 'credited' END,
    CASE WHEN request_id IS NULL THEN 'no-payment' END,
    request_id, recorded_by, recorded_ms
FROM (
    SELECT i.row_key, i.requisite_ref, i.amount, i.currency, i.reference, i.request_id, i.recorded_by, i.recorded_ms,
        CASE WHEN i.row_key LIKE 'manual:%' THEN 'manual' ELSE 'csv' END AS source,
        r.id AS requisite_id,
        COALESCE('r:' || r.id,
            'a:' || upper(replace(replace(replace(i.requisite_ref, ' ', ''), '-', ''), '.', ''))) AS account_key,
        COALESCE(substr(i.transfer_date, 1, 10), strftime('%Y-%m-%d', i.recorded_ms / 1000, 'unixepoch')) AS booked_on
    FROM incoming_transfers i
    LEFT JOIN requisites r ON r.id = (SELECT r2.id FROM requisites r2
        WHERE r2.id = i.requisite_ref OR r2.pan = i.requisite_ref ORDER BY r2.created_ms LIMIT 1)
) AS old;
DROP TABLE incoming_transfers;

CREATE TABLE statements (
    id           TEXT PRIMARY KEY,
    digest       TEXT NOT NULL,
    format       TEXT NOT NULL,
    uploaded_by  TEXT NOT NULL,
    uploaded_ms  BIGINT NOT NULL,
    applied_by   TEXT,
    applied_ms   BIGINT,
    -- The check: every row and what it was to do (the apply follows it).
    rows_json    TEXT NOT NULL
);
CREATE INDEX statements_digest ON statements (digest);

CREATE TABLE approvals (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    request_id      TEXT NOT NULL,
    payment_version BIGINT NOT NULL,
    amount          BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    transfer_id     TEXT,
    note            TEXT,
    proposed_by     TEXT NOT NULL,
    proposed_ms     BIGINT NOT NULL,
    state           TEXT NOT NULL,
    decided_by      TEXT,
    decided_ms      BIGINT
);
-- One proposal waits per payment.
CREATE UNIQUE INDEX approvals_pending ON approvals (request_id) WHERE state = 'pending';
CREATE INDEX approvals_waiting ON approvals (proposed_ms) WHERE state = 'pending';

-- Payments waiting for funds, by requisite and amount: what a transfer is matched against (a
-- few rows, however many payments there are).
CREATE INDEX payments_waiting_funds ON payments (requisite_id, amount)
    WHERE status = 'dispute' OR (status = 'processing' AND sub_status IN ('awaiting_confirm', 'paid'));
