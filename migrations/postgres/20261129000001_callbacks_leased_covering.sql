-- The claim counts each project's and host's deliveries in flight for every callback it
-- considers: with the lease's end in the index, that count is read from the index alone
-- (issue 30 §2), not from a table row per callback in flight.
DROP INDEX callbacks_leased_project;
DROP INDEX callbacks_leased_host;
CREATE INDEX callbacks_leased_project ON callbacks (project_id, lease_until_ms) WHERE lease_until_ms IS NOT NULL;
CREATE INDEX callbacks_leased_host ON callbacks (host, lease_until_ms) WHERE lease_until_ms IS NOT NULL;
