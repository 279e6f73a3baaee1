-- The console finds a payment by the start of the merchant's payment_id in any case: a range
-- on the folded id, compared in code-point order whatever the database's collation, so the
-- range holds exactly the ids with the prefix. It replaces the exact-id index, which nothing
-- else reads.
DROP INDEX payments_payment_id;
CREATE INDEX payments_payment_id_folded ON payments ((lower(payment_id) COLLATE "C"));
