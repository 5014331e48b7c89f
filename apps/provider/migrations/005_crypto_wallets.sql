-- Crypto wallets a user signed in with (the User's `crypto_wallets`). Challenges live in
-- one_time_tokens (kind 'crypto_challenge').
CREATE TABLE user_crypto_wallets (
  crypto_wallet_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  project_id text NOT NULL,
  crypto_wallet_type text NOT NULL CHECK (crypto_wallet_type IN ('ethereum', 'solana')),
  -- Ethereum: EIP-55 checksummed; Solana: base58. Canonical, so the unique key holds.
  crypto_wallet_address text NOT NULL,
  verified boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, crypto_wallet_type, crypto_wallet_address)
);
CREATE INDEX user_crypto_wallets_user_idx ON user_crypto_wallets (user_id, created_at);
