import { randomBytes } from 'node:crypto';
import { CEREMONY_TIMEOUT_MS } from './webAuthnSettings';

export type ChallengePurpose = 'registration' | 'authentication';

export interface ChallengeRecord {
  /** base64url of 32 random bytes; exactly the value placed in the options and echoed in clientDataJSON. */
  challenge: string;
  purpose: ChallengePurpose;
  /** The session's user for registration (and secondary authentication); null for a passkey login. */
  userId: string | null;
  /** Epoch milliseconds after which consume() answers null. */
  expiresAt: number;
}

/**
 * Where WebAuthn challenges live between `.../start` and the finishing call.
 *
 * Semantics every implementation must keep (the SQL one included):
 * - `issue` creates a fresh random challenge valid for CHALLENGE_TTL_MS.
 * - `consume` is single use: it removes the record atomically and returns it, so two concurrent
 *   calls with the same challenge cannot both succeed (SQL: `DELETE ... WHERE challenge = $1
 *   RETURNING *`). An unknown, already consumed or expired challenge gives null; an expired
 *   record is deleted too.
 */
export interface ChallengeStore {
  issue(purpose: ChallengePurpose, userId?: string): Promise<string>;
  consume(challenge: string): Promise<ChallengeRecord | null>;
}

/** Challenges live as long as the ceremony timeout the options announce. */
export const CHALLENGE_TTL_MS = CEREMONY_TIMEOUT_MS;

/** 32 random bytes (WebAuthn §13.4.3 asks for at least 16), base64url without padding. */
export function generateChallenge(): string {
  return randomBytes(32).toString('base64url');
}
