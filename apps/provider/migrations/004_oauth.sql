-- A user's sign-ins through social identity providers: one row per provider account, so the
-- same Google account always lands on the same user.
CREATE TABLE user_oauth_providers (
  oauth_user_registration_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  project_id text NOT NULL,
  provider_type text NOT NULL,
  provider_subject text NOT NULL,
  email_id text,
  profile_picture_url text NOT NULL DEFAULT '',
  locale text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, provider_type, provider_subject)
);
CREATE INDEX user_oauth_providers_user_idx ON user_oauth_providers (user_id);
