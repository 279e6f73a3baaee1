-- The outbox is a queue: every claim and every record rewrites a callback's row, and a claim
-- walks the waiting callbacks' index (`callbacks_due`) from its oldest entry, over the entries
-- of rows already delivered, until a vacuum removes them (issue 30 §2: with 4,500 of them a
-- claim took 1.1-4.4 ms instead of 0.4). PostgreSQL's default vacuums a table once a fifth of
-- it is dead, and the callbacks table keeps every callback ever sent: at millions of rows that
-- is hundreds of thousands of entries to walk. Vacuum it after a fixed number instead.
ALTER TABLE callbacks SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);
