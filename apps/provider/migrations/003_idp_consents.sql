-- Scopes a user granted to a connected app (the identity-provider consent screen); one row per
-- user and client, widened on each new grant, so a repeat authorize skips the consent screen.
CREATE TABLE idp_consents (
  project_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  client_id text NOT NULL,
  scopes jsonb NOT NULL DEFAULT '[]',
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id, client_id)
);
