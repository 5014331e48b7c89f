-- Identity-provider grants: one row per authorization code redeemed at the token endpoint. Access
-- tokens name their grant, refresh tokens belong to one, and revoking the grant (RFC 7009, a
-- refresh token presented twice, an authorization code replayed) ends all of them at once.
CREATE TABLE idp_grants (
  grant_id text PRIMARY KEY,
  project_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  client_id text NOT NULL,
  scopes jsonb NOT NULL DEFAULT '[]',
  -- When the user authenticated (OpenID Connect auth_time): refreshed ID tokens keep it.
  auth_time timestamptz NOT NULL,
  -- SHA-256 of the authorization code it came from, so a replayed code finds and revokes it.
  code_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX idp_grants_user_idx ON idp_grants (user_id);

-- Refresh tokens (offline_access), stored only as SHA-256. Each use marks the token used and issues
-- the next one of the same grant; a used token presented again revokes the grant (reuse detection).
CREATE TABLE idp_refresh_tokens (
  token_hash text PRIMARY KEY,
  grant_id text NOT NULL REFERENCES idp_grants (grant_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX idp_refresh_tokens_grant_idx ON idp_refresh_tokens (grant_id);
