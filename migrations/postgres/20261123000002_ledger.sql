-- Payouts and the balance ledger (issue 10).

-- Every movement of a project's money, append-only, written in the transaction of the payment
-- change that causes it.
CREATE TABLE ledger_entries (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project_id   TEXT NOT NULL REFERENCES projects (id),
    currency     TEXT NOT NULL,
    request_id   TEXT,
    kind         TEXT NOT NULL,
    amount_delta BIGINT NOT NULL,
    locked_delta BIGINT NOT NULL,
    created_ms   BIGINT NOT NULL
);
CREATE INDEX ledger_entries_project ON ledger_entries (project_id, currency, created_ms);
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'ledger entries are append-only';
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- A balance never goes below zero: a change that would make it refuses as a whole.
ALTER TABLE balances ADD CONSTRAINT balances_amount_not_negative CHECK (amount >= 0);
ALTER TABLE balances ADD CONSTRAINT balances_locked_not_negative CHECK (locked_amount >= 0);

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
