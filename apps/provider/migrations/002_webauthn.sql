-- WebAuthn registrations (passkeys). Challenges live in one_time_tokens (kind 'webauthn_challenge').

CREATE TABLE webauthn_registrations (
  webauthn_registration_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  project_id text NOT NULL,
  -- base64url, as the browser sends it back at authentication.
  credential_id text NOT NULL,
  -- COSE-encoded public key.
  public_key bytea NOT NULL,
  -- Signature counter (uint32); 0 for authenticators that do not count.
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0 AND counter <= 4294967295),
  transports jsonb NOT NULL DEFAULT '[]',
  aaguid text NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  -- The RP ID the credential is scoped to; the API shows it as `domain`.
  rp_id text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  authenticator_type text NOT NULL DEFAULT '',
  name text NOT NULL,
  verified boolean NOT NULL DEFAULT true,
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  UNIQUE (project_id, credential_id)
);
CREATE INDEX webauthn_registrations_user_idx ON webauthn_registrations (user_id, created_at);
