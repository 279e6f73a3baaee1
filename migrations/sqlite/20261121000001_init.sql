-- Kassa schema (SQLite; the PostgreSQL file differs only in identity columns and BYTEA). Times are Unix milliseconds (*_ms); money is integer minor units.

CREATE TABLE merchants (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    created_ms  BIGINT NOT NULL
);

CREATE TABLE projects (
    id            TEXT PRIMARY KEY,
    merchant_id   TEXT NOT NULL REFERENCES merchants (id),
    name          TEXT NOT NULL,
    redirect_url  TEXT,
    settings_json TEXT NOT NULL DEFAULT '{}',
    created_ms    BIGINT NOT NULL,
    UNIQUE (merchant_id, name)
);

-- Keys merchants sign requests with; two may be active at once for rotation.
CREATE TABLE request_keys (
    token          TEXT PRIMARY KEY,
    project_id     TEXT NOT NULL REFERENCES projects (id),
    key_type       TEXT NOT NULL,
    public_key_der BLOB,
    hmac_secret    TEXT,
    active         BOOLEAN NOT NULL DEFAULT TRUE,
    created_ms     BIGINT NOT NULL
);
CREATE INDEX request_keys_project ON request_keys (project_id);

-- Keys Kassa signs callbacks with; one active per project.
CREATE TABLE callback_keys (
    id              TEXT PRIMARY KEY,
    project_id      TEXT NOT NULL REFERENCES projects (id),
    key_type        TEXT NOT NULL,
    private_key_der BLOB,
    public_key_pem  TEXT,
    hmac_secret     TEXT,
    active          BOOLEAN NOT NULL DEFAULT TRUE,
    created_ms      BIGINT NOT NULL
);
CREATE UNIQUE INDEX callback_keys_one_active ON callback_keys (project_id) WHERE active;

CREATE TABLE banks (
    id           TEXT PRIMARY KEY,
    symbol       TEXT NOT NULL UNIQUE,
    name         TEXT NOT NULL,
    country_code TEXT NOT NULL,
    sbp_code     TEXT,
    is_sbp_bank  BOOLEAN NOT NULL DEFAULT FALSE,
    active       BOOLEAN NOT NULL DEFAULT TRUE
);
CREATE INDEX banks_country ON banks (country_code, symbol);

-- The pool of recipient requisites kept by operators.
CREATE TABLE requisites (
    id             TEXT PRIMARY KEY,
    country        TEXT NOT NULL,
    currency       TEXT NOT NULL,
    pan            TEXT NOT NULL,
    card_holder    TEXT,
    bank_symbol    TEXT,
    bank_name      TEXT,
    bank_country   TEXT,
    min_amount     BIGINT,
    max_amount     BIGINT,
    payment_system TEXT,
    extra_param    TEXT,
    active         BOOLEAN NOT NULL DEFAULT TRUE,
    last_used_ms   BIGINT NOT NULL DEFAULT 0,
    created_ms     BIGINT NOT NULL
);
CREATE INDEX requisites_pan ON requisites (pan);

CREATE TABLE requisite_methods (
    method       TEXT NOT NULL,
    requisite_id TEXT NOT NULL REFERENCES requisites (id),
    PRIMARY KEY (method, requisite_id)
);

CREATE TABLE payments (
    request_id         TEXT PRIMARY KEY,
    project_id         TEXT NOT NULL REFERENCES projects (id),
    payment_id         TEXT NOT NULL,
    integration        TEXT NOT NULL,
    payment_type       TEXT NOT NULL,
    country            TEXT NOT NULL,
    currency           TEXT NOT NULL,
    method             TEXT,
    widget_method      TEXT,
    amount             BIGINT NOT NULL,
    old_amount         BIGINT NOT NULL,
    initial_amount     BIGINT NOT NULL,
    lifetime_s         BIGINT NOT NULL,
    created_ms         BIGINT NOT NULL,
    updated_ms         BIGINT NOT NULL,
    status             TEXT NOT NULL,
    sub_status         TEXT,
    status_description TEXT,
    version            BIGINT NOT NULL,
    customer_id        TEXT NOT NULL,
    details_json       TEXT NOT NULL,
    recipient_json     TEXT,
    card_auth_json     TEXT,
    -- "{requisite_id}:{amount}" while the payment is open and holds requisites.
    requisite_hold     TEXT,
    page_token         TEXT NOT NULL UNIQUE,
    request_hash       TEXT NOT NULL,
    deadline_ms        BIGINT,
    search_at_ms       BIGINT,
    search_until_ms    BIGINT,
    has_receipt        BOOLEAN NOT NULL DEFAULT FALSE,
    -- Amount the operator reported in a different-amount dispute.
    received_amount    BIGINT,
    lease_until_ms     BIGINT,
    UNIQUE (project_id, payment_id)
);
-- A requisite serves one open payment per amount; only real holds are indexed.
CREATE UNIQUE INDEX payments_requisite_hold ON payments (requisite_hold) WHERE requisite_hold IS NOT NULL;
-- Background jobs read only the rows that fall due.
CREATE INDEX payments_deadline ON payments (deadline_ms) WHERE deadline_ms IS NOT NULL;
CREATE INDEX payments_search ON payments (search_at_ms) WHERE search_at_ms IS NOT NULL;
CREATE INDEX payments_customer ON payments (project_id, customer_id, created_ms);

-- One row per status change, keyed by the payment's version at that change.
CREATE TABLE payment_status_history (
    request_id         TEXT NOT NULL REFERENCES payments (request_id),
    version            BIGINT NOT NULL,
    status             TEXT NOT NULL,
    sub_status         TEXT,
    status_description TEXT,
    amount             BIGINT NOT NULL,
    actor              TEXT NOT NULL,
    at_ms              BIGINT NOT NULL,
    PRIMARY KEY (request_id, version)
) WITHOUT ROWID;

-- Outbox: written in the transaction of the change it reports.
CREATE TABLE callbacks (
    id              INTEGER PRIMARY KEY,
    request_id      TEXT NOT NULL REFERENCES payments (request_id),
    project_id      TEXT NOT NULL,
    kind            TEXT NOT NULL,
    url             TEXT NOT NULL,
    body            TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    state           TEXT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_ms BIGINT NOT NULL,
    give_up_ms      BIGINT,
    lease_until_ms  BIGINT,
    lease_owner     TEXT,
    created_ms      BIGINT NOT NULL,
    delivered_ms    BIGINT
);
CREATE INDEX callbacks_due ON callbacks (next_attempt_ms) WHERE state = 'pending';
CREATE INDEX callbacks_payment ON callbacks (request_id, id);

CREATE TABLE callback_attempts (
    id               INTEGER PRIMARY KEY,
    callback_id      BIGINT NOT NULL REFERENCES callbacks (id),
    at_ms            BIGINT NOT NULL,
    http_status      BIGINT,
    error            TEXT,
    latency_ms       BIGINT NOT NULL,
    response_excerpt TEXT,
    worker           TEXT NOT NULL
);
CREATE INDEX callback_attempts_callback ON callback_attempts (callback_id, id);

CREATE TABLE receipts (
    id           TEXT PRIMARY KEY,
    request_id   TEXT NOT NULL REFERENCES payments (request_id),
    content_type TEXT NOT NULL,
    size         BIGINT NOT NULL,
    data         BLOB NOT NULL,
    uploaded_ms  BIGINT NOT NULL
);
CREATE INDEX receipts_payment ON receipts (request_id);

CREATE TABLE balances (
    project_id    TEXT NOT NULL REFERENCES projects (id),
    currency      TEXT NOT NULL,
    amount        BIGINT NOT NULL DEFAULT 0,
    locked_amount BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (project_id, currency)
);
