-- Sessions of the hosted page (CSRF tokens, one-time notices), in the layout of
-- tower-sessions-sqlx-store.
CREATE SCHEMA IF NOT EXISTS tower_sessions;
CREATE TABLE tower_sessions.session (
    id          TEXT PRIMARY KEY NOT NULL,
    data        BYTEA NOT NULL,
    expiry_date TIMESTAMPTZ NOT NULL
);
