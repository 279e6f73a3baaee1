-- Sessions of the hosted page (CSRF tokens, one-time notices), in the layout of
-- tower-sessions-sqlx-store.
CREATE TABLE tower_sessions (
    id          TEXT PRIMARY KEY NOT NULL,
    data        BLOB NOT NULL,
    expiry_date INTEGER NOT NULL
);
