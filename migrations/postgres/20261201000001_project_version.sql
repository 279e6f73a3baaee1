-- A project's row version, bumped by every change of its settings (brand, embedding): the
-- payment page keeps what it read of a payment and its project while neither version moved
-- (issue 30 §2), so a change must move it.
ALTER TABLE projects ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
