-- Signing-key rotation and sealed private keys (sessions/signingKeys.ts). A key is published in the
-- JWKS from created_at, signs from activates_at until retired_at (its successor's activates_at),
-- and stays published until every token it signed has expired. Its private JWK is stored sealed
-- (crypto/sealedSecret.ts: JWE with a key from LATCH_ENCRYPTION_KEY); the provider's start seals
-- rows written before this migration and empties their plain private_jwk.
ALTER TABLE signing_keys ADD COLUMN activates_at timestamptz;
UPDATE signing_keys SET activates_at = created_at;
ALTER TABLE signing_keys ALTER COLUMN activates_at SET NOT NULL;
ALTER TABLE signing_keys ALTER COLUMN private_jwk DROP NOT NULL;
ALTER TABLE signing_keys ADD COLUMN private_key_sealed text;
ALTER TABLE signing_keys ADD CONSTRAINT signing_keys_private_part
  CHECK ((private_jwk IS NULL) <> (private_key_sealed IS NULL));
