-- The merchant console's list of callbacks that did not reach the merchant (issue 29 §3):
-- retrying ones are read through callbacks_due (state = 'pending'); given-up ones through this
-- index, which a callback enters only when it is abandoned (nothing on the delivery path).
CREATE INDEX callbacks_abandoned ON callbacks (project_id, id) WHERE state = 'abandoned';
