-- The dashboards' per-day figures of past days (issue 11): a job recomputes each of the last
-- seven days from `payments`, so a dashboard reads today live and earlier days from here.
CREATE TABLE payin_day_groups (
    day_ms         BIGINT NOT NULL,
    project_id     TEXT NOT NULL,
    country        TEXT NOT NULL,
    method         TEXT NOT NULL,
    currency       TEXT NOT NULL,
    count          BIGINT NOT NULL,
    volume         BIGINT NOT NULL,
    got_requisites BIGINT NOT NULL,
    success        BIGINT NOT NULL,
    expired        BIGINT NOT NULL,
    disputed       BIGINT NOT NULL,
    computed_ms    BIGINT NOT NULL,
    PRIMARY KEY (day_ms, project_id, country, method, currency)
);

-- Which days are rolled up, and when they were last computed.
CREATE TABLE payin_days (
    day_ms      BIGINT PRIMARY KEY,
    computed_ms BIGINT NOT NULL
);
