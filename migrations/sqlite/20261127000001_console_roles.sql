-- Console roles (issue 28): operators are viewers, operators or administrators; a merchant's
-- users are owners, developers or support. Everyone who could do everything keeps that role.
ALTER TABLE console_users ADD COLUMN role TEXT NOT NULL DEFAULT '';
UPDATE console_users SET role = CASE audience WHEN 'operator' THEN 'admin' ELSE 'owner' END;
-- A user added from the console (or whose password was reset) sets a password through a
-- one-time link: its SHA-256 and when it stops working. NULL once used.
ALTER TABLE console_users ADD COLUMN setup_hash TEXT;
ALTER TABLE console_users ADD COLUMN setup_expires_ms BIGINT;
CREATE UNIQUE INDEX console_users_setup ON console_users (setup_hash);
-- The second factor (TOTP): the secret sealed with the master key, one being enrolled (until
-- its first code confirms it), the last time step accepted (a code works once) and the
-- recovery codes' SHA-256, space-separated, each removed when used.
ALTER TABLE console_users ADD COLUMN totp_sealed TEXT;
ALTER TABLE console_users ADD COLUMN totp_pending_sealed TEXT;
ALTER TABLE console_users ADD COLUMN totp_last_step BIGINT;
ALTER TABLE console_users ADD COLUMN recovery_hashes TEXT;
-- Who acted, with the role they had then (issue 28 §5).
ALTER TABLE audit_log ADD COLUMN actor_role TEXT;
