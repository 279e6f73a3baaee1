-- A project's logo for its payment pages (issue 14), served by Kassa itself so the pages'
-- CSP stays 'self'. The brand colour and the logo's digest live in projects.settings_json.
CREATE TABLE project_logos (
    project_id   TEXT PRIMARY KEY REFERENCES projects (id),
    content_type TEXT NOT NULL,
    data         BYTEA NOT NULL,
    updated_ms   BIGINT NOT NULL
);
