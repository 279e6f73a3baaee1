-- Every status change of a payment gets its history row from the database itself, in the same
-- statement: a create is one INSERT, and no code path can forget the row.
ALTER TABLE payments ADD COLUMN last_actor TEXT NOT NULL DEFAULT 'system';

CREATE TRIGGER payments_history_on_insert AFTER INSERT ON payments
BEGIN
    INSERT INTO payment_status_history (request_id, version, status, sub_status, status_description, amount, actor, at_ms)
    VALUES (NEW.request_id, NEW.version, NEW.status, NEW.sub_status, NEW.status_description, NEW.amount, NEW.last_actor, NEW.updated_ms);
END;

CREATE TRIGGER payments_history_on_change AFTER UPDATE ON payments
WHEN OLD.status IS NOT NEW.status OR OLD.sub_status IS NOT NEW.sub_status OR OLD.amount <> NEW.amount
BEGIN
    INSERT INTO payment_status_history (request_id, version, status, sub_status, status_description, amount, actor, at_ms)
    VALUES (NEW.request_id, NEW.version, NEW.status, NEW.sub_status, NEW.status_description, NEW.amount, NEW.last_actor, NEW.updated_ms);
END;
