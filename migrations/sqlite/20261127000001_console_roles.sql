-- Console roles (issue 28): operators are viewers, operators or administrators; a merchant's
-- users are owners, developers or support. Everyone who could do everything keeps that role.
ALTER TABLE console_users ADD COLUMN role TEXT NOT NULL DEFAULT '';
UPDATE console_users SET role = CASE audience WHEN 'operator' THEN 'admin' ELSE 'owner' END;
-- A user added from the console (or whose password was reset) sets a password through a
-- one-time link: its SHA-256 and when it stops working. NULL once used.
ALTER TABLE console_users ADD COLUMN setup_hash TEXT;
ALTER TABLE console_users ADD COLUMN setup_expires_ms BIGINT;
CREATE UNIQUE INDEX console_users_setup ON console_users (setup_hash);
