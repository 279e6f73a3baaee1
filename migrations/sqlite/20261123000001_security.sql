-- Security (issue 15).

-- Idempotency fingerprints are keyed (HMAC under a key derived from the master key) over the
-- body with card numbers masked and the CVV removed. The unkeyed digests stored before could
-- give a card number or code away by an offline search: they are dropped for payments that
-- carried a card, and kept, marked legacy, for the others (so a retry still matches).
UPDATE payments SET request_hash = '' WHERE integration = 'h2h-ecom' OR details_json LIKE '%"pan_hidden"%';
UPDATE payments SET request_hash = 'legacy:' || request_hash WHERE request_hash <> '' AND request_hash NOT LIKE 'k1:%';

-- Signatures seen within the timestamp window, with the endpoint they were made for: a
-- captured request replayed to another endpoint is refused (on every process of the database).
CREATE TABLE request_signatures (
    signature_hash TEXT PRIMARY KEY,
    endpoint       TEXT NOT NULL,
    expires_ms     BIGINT NOT NULL
);
CREATE INDEX request_signatures_expiry ON request_signatures (expires_ms);

-- The host of each callback's URL, so deliveries in flight are capped per project and per host.
ALTER TABLE callbacks ADD COLUMN host TEXT NOT NULL DEFAULT '';
CREATE INDEX callbacks_leased_project ON callbacks (project_id) WHERE lease_until_ms IS NOT NULL;
CREATE INDEX callbacks_leased_host ON callbacks (host) WHERE lease_until_ms IS NOT NULL;

-- Settings of the service fixed with its database, such as its mode (sandbox or live).
CREATE TABLE service_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
