import { randomBytes } from 'node:crypto';
import type { CryptoWalletType } from './address';

/** A challenge is valid for 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface SiweOptions {
  statement?: string | undefined;
  chain_id?: number | undefined;
  resources?: string[] | undefined;
}

export interface ChallengeInput {
  type: CryptoWalletType;
  /** Canonical address (see `canonicalAddress`). */
  address: string;
  /** The domain and URI the wallet shows the user: the page that asks for the signature. */
  origin: string;
  siwe: SiweOptions;
  now: Date;
}

/** SIWE nonces are alphanumeric: 128 random bits as hex. */
const newNonce = (): string => randomBytes(16).toString('hex');

/**
 * The message the wallet signs: an EIP-4361 (Sign-In with Ethereum) message for Ethereum, the
 * same layout naming a Solana account for Solana (the Sign-In With Solana text form). Written
 * here from the EIP's grammar rather than by viem's `createSiweMessage`, which refuses domains
 * the EIP allows (`auth:4000`, `[::1]:3000`, every RFC 3986 authority) and so failed the call for
 * such an authorized origin. The body schema has already checked the statement and resources.
 */
export function challengeMessage(input: ChallengeInput): { message: string; expiresAt: Date } {
  const { type, address, origin, siwe, now } = input;
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  const url = new URL(origin);
  const nonce = newNonce();
  if (type === 'ethereum') {
    const lines = [
      `${url.host} wants you to sign in with your Ethereum account:`,
      address,
      '',
      ...(siwe.statement ? [siwe.statement] : []),
      '',
      `URI: ${url.origin}`,
      'Version: 1',
      `Chain ID: ${siwe.chain_id ?? 1}`,
      `Nonce: ${nonce}`,
      `Issued At: ${now.toISOString()}`,
      `Expiration Time: ${expiresAt.toISOString()}`,
      ...(siwe.resources?.length ? ['Resources:', ...siwe.resources.map((resource) => `- ${resource}`)] : []),
    ];
    return { message: lines.join('\n'), expiresAt };
  }
  const lines = [
    `${url.host} wants you to sign in with your Solana account:`,
    address,
    '',
    ...(siwe.statement ? [siwe.statement, ''] : []),
    `URI: ${url.origin}`,
    'Version: 1',
    'Chain ID: mainnet',
    `Nonce: ${nonce}`,
    `Issued At: ${now.toISOString()}`,
    `Expiration Time: ${expiresAt.toISOString()}`,
  ];
  return { message: lines.join('\n'), expiresAt };
}
