-- Nothing to do on SQLite: its b-trees drop a row's index entries when the row changes, so the
-- claim never walks entries of delivered callbacks (the PostgreSQL migration of this version
-- sets the callbacks table's autovacuum). Kept so that both backends list the same versions.
SELECT 1;
