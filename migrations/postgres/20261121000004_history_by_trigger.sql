-- Every status change of a payment gets its history row from the database itself, in the same
-- statement: a create is one INSERT, and no code path can forget the row.
ALTER TABLE payments ADD COLUMN last_actor TEXT NOT NULL DEFAULT 'system';

CREATE FUNCTION record_payment_status() RETURNS trigger AS $$
BEGIN
    INSERT INTO payment_status_history (request_id, version, status, sub_status, status_description, amount, actor, at_ms)
    VALUES (NEW.request_id, NEW.version, NEW.status, NEW.sub_status, NEW.status_description, NEW.amount, NEW.last_actor, NEW.updated_ms);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER payments_history_on_insert AFTER INSERT ON payments
    FOR EACH ROW EXECUTE FUNCTION record_payment_status();

CREATE TRIGGER payments_history_on_change AFTER UPDATE ON payments
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.sub_status IS DISTINCT FROM NEW.sub_status OR OLD.amount <> NEW.amount)
    EXECUTE FUNCTION record_payment_status();
