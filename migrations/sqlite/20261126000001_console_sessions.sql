-- The consoles' sessions in Kassa's own layout (storage/sessions.rs): the id stored as its
-- SHA-256 only, the user each session belongs to (to end a user's sessions), when it began (an
-- absolute lifetime) and when it was last used. The generic store's table goes: its sessions
-- held ids in clear, so everyone signs in once more.
CREATE TABLE console_sessions (
    id_hash    TEXT PRIMARY KEY NOT NULL,
    audience   TEXT,
    login      TEXT,
    data       TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    seen_ms    INTEGER NOT NULL,
    expiry_ms  INTEGER NOT NULL
);
CREATE INDEX console_sessions_user ON console_sessions (audience, login);
CREATE INDEX console_sessions_expiry ON console_sessions (expiry_ms);
DROP TABLE tower_sessions;
