import * as v from 'valibot';
import { integer, jsonObject, list, oneOf } from './fields';
import { signInSessionDuration } from './sessions';
import { text } from './text';

export const CRYPTO_WALLET_TYPES = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof CRYPTO_WALLET_TYPES)[number];

const walletFields = {
  crypto_wallet_address: text({ min: 1, max: 128 }),
  crypto_wallet_type: oneOf(CRYPTO_WALLET_TYPES),
};

// A SIWE statement is one line; resources are URIs.
export const cryptoWalletStartBody = jsonObject({
  ...walletFields,
  siwe_params: v.exactOptional(
    jsonObject({
      statement: v.exactOptional(
        v.pipe(
          text({ max: 512 }),
          v.check((value) => !/[\r\n]/.test(value), 'must be one line'),
        ),
      ),
      chain_id: v.exactOptional(integer(1)),
      resources: v.exactOptional(
        list(
          v.pipe(
            text({ min: 1, max: 2048 }),
            v.check((value) => URL.canParse(value), 'must be a URI'),
          ),
          { max: 20 },
        ),
      ),
    }),
  ),
});

export const cryptoWalletAuthenticateBody = jsonObject({
  ...walletFields,
  signature: text({ min: 1, max: 1024 }),
  session_duration_minutes: signInSessionDuration(),
});
