import * as v from 'valibot';
import { integer, jsonObject, list, oneOf } from './fields';
import { signInSessionDuration } from './sessions';
import { text } from './text';
import { isUri } from './uri';

export const CRYPTO_WALLET_TYPES = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof CRYPTO_WALLET_TYPES)[number];

const walletFields = {
  crypto_wallet_address: text({ min: 1, max: 128 }),
  crypto_wallet_type: oneOf(CRYPTO_WALLET_TYPES),
};

/**
 * EIP-4361's statement: one line of RFC 3986's reserved and unreserved characters and spaces (its
 * ABNF); wallets parse the message by that grammar, and refuse it as Sign-In with Ethereum otherwise.
 */
const SIWE_STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;

// Resources are RFC 3986 URIs (EIP-4361), one per line of the message.
export const cryptoWalletStartBody = jsonObject({
  ...walletFields,
  siwe_params: v.exactOptional(
    jsonObject({
      statement: v.exactOptional(
        v.pipe(
          text({ max: 512 }),
          v.check((value) => !/[\r\n]/.test(value), 'must be one line'),
          v.check(
            (value) => SIWE_STATEMENT.test(value),
            "may hold only letters, digits, spaces and -._~:/?#[]@!$&'()*+,;= (EIP-4361)",
          ),
        ),
      ),
      chain_id: v.exactOptional(integer(1)),
      resources: v.exactOptional(
        list(
          v.pipe(
            text({ min: 1, max: 2048 }),
            v.check(
              isUri,
              'must be a URI (RFC 3986): a scheme, and no spaces, quotes, braces, backslashes or line breaks',
            ),
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
