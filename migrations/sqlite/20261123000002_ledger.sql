-- Payouts and the balance ledger (issue 10).

-- Every movement of a project's money, append-only, written in the transaction of the payment
-- change that causes it.
CREATE TABLE ledger_entries (
    id           INTEGER PRIMARY KEY,
    project_id   TEXT NOT NULL REFERENCES projects (id),
    currency     TEXT NOT NULL,
    request_id   TEXT,
    kind         TEXT NOT NULL,
    amount_delta BIGINT NOT NULL,
    locked_delta BIGINT NOT NULL,
    created_ms   BIGINT NOT NULL
);
CREATE INDEX ledger_entries_project ON ledger_entries (project_id, currency, created_ms);
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;

-- A balance never goes below zero: a change that would make it refuses as a whole.
CREATE TABLE balances_checked (
    project_id    TEXT NOT NULL REFERENCES projects (id),
    currency      TEXT NOT NULL,
    amount        BIGINT NOT NULL DEFAULT 0 CHECK (amount >= 0),
    locked_amount BIGINT NOT NULL DEFAULT 0 CHECK (locked_amount >= 0),
    PRIMARY KEY (project_id, currency)
);
INSERT INTO balances_checked (project_id, currency, amount, locked_amount)
    SELECT project_id, currency, amount, locked_amount FROM balances;
DROP TABLE balances;
ALTER TABLE balances_checked RENAME TO balances;

-- Balances credited before the ledger existed are carried over as opening entries, so every
-- balance is what its entries add up to.
INSERT INTO ledger_entries (project_id, currency, request_id, kind, amount_delta, locked_delta, created_ms)
    SELECT project_id, currency, NULL, 'opening', amount, locked_amount, 0 FROM balances
    WHERE amount <> 0 OR locked_amount <> 0;

-- The receiver's card or account number of a payout, sealed under the master key: the
-- operator pays to it; merchants and payment rows see it masked. Written with the payout's row.
ALTER TABLE payments ADD COLUMN receiver_pan_sealed TEXT;

-- Payouts waiting for an operator.
CREATE INDEX payments_open_payouts ON payments (created_ms) WHERE payment_type = 'payout' AND status = 'processing';
