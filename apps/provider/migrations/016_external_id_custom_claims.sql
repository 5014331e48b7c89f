-- The app's own id of a user (`external_id`, Stytch's name): unique within a project, found by
-- `POST /v1/users/search` and by the bulk import, which keys its updates on it.
ALTER TABLE users ADD COLUMN external_id text;
CREATE UNIQUE INDEX users_external_id_idx ON users (project_id, external_id) WHERE external_id IS NOT NULL;
