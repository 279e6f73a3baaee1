-- Secrets the service makes for itself (the sandbox issuer's PaRes signing key), shared by
-- every process on the database and kept across restarts.
CREATE TABLE service_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
