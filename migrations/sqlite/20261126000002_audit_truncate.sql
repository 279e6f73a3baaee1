-- SQLite has no TRUNCATE: a DELETE without WHERE still runs the row trigger that refuses it
-- (a table with a DELETE trigger is never emptied by the truncate optimization). Kept so both
-- backends number their migrations alike.
SELECT 1;
