-- Foundation tables. Projects live in the config file, so project_id is plain text here.
-- Secrets are stored hashed: token_hash columns hold SHA-256 hex; password_hash holds a KDF string.

CREATE TABLE users (
  user_id text PRIMARY KEY,
  project_id text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending')),
  name jsonb NOT NULL DEFAULT '{"first_name":"","middle_name":"","last_name":""}',
  password_id text UNIQUE,
  password_hash text,
  password_requires_reset boolean NOT NULL DEFAULT false,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  trusted_metadata jsonb NOT NULL DEFAULT '{}',
  untrusted_metadata jsonb NOT NULL DEFAULT '{}',
  roles jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_project_idx ON users (project_id);

CREATE TABLE user_emails (
  email_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  project_id text NOT NULL,
  -- Stored lower-cased: one account per address per project.
  email text NOT NULL,
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, email)
);
CREATE INDEX user_emails_user_idx ON user_emails (user_id);

CREATE TABLE user_phone_numbers (
  phone_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  project_id text NOT NULL,
  -- E.164, e.g. +15555550100.
  phone_number text NOT NULL,
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, phone_number)
);
CREATE INDEX user_phone_numbers_user_idx ON user_phone_numbers (user_id);

CREATE TABLE sessions (
  session_id text PRIMARY KEY,
  project_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_accessed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- The session's AuthenticationFactor[] (the `authentication_factors` the API answers), newest last.
  factors jsonb NOT NULL DEFAULT '[]',
  attributes jsonb NOT NULL DEFAULT '{"ip_address":"","user_agent":""}',
  custom_claims jsonb,
  roles jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- RS256 key pairs that sign session JWTs, one active (retired_at IS NULL) per project; JWKS lists all unexpired.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  project_id text NOT NULL,
  algorithm text NOT NULL DEFAULT 'RS256',
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
CREATE INDEX signing_keys_project_idx ON signing_keys (project_id, created_at);

-- Single-use secrets (magic links, OTP codes, reset tokens, OAuth tokens, IdP codes, WebAuthn challenges).
CREATE TABLE one_time_tokens (
  token_id text PRIMARY KEY,
  project_id text NOT NULL,
  kind text NOT NULL,
  token_hash text NOT NULL,
  user_id text REFERENCES users (user_id) ON DELETE CASCADE,
  -- Non-secret context: email, phone, redirect URL, PKCE challenge, method_id, ...
  data jsonb NOT NULL DEFAULT '{}',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  UNIQUE (kind, token_hash)
);
CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id);

-- Messages the provider "sent": delivered by SMTP when configured, always readable in /dev/inbox.
CREATE TABLE outbox (
  message_id text PRIMARY KEY,
  project_id text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp')),
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body_text text NOT NULL,
  body_html text,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX outbox_recipient_idx ON outbox (project_id, recipient, created_at);

-- SDK event log (POST /sdk/v1/events).
CREATE TABLE events (
  event_id text PRIMARY KEY,
  project_id text NOT NULL,
  event_name text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  telemetry jsonb NOT NULL DEFAULT '{}',
  error_code text,
  error_description text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_project_idx ON events (project_id, created_at);
