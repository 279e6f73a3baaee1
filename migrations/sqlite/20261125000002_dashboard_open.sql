-- The dashboards count succeeded payins against finished ones (issue 27 §5): the rolled-up
-- days keep how many payins were still open when they were computed (recomputed every minute).
ALTER TABLE payin_day_groups ADD COLUMN open_count BIGINT NOT NULL DEFAULT 0;
