import type { ChallengePurpose, ChallengeRecord, ChallengeStore } from './challengeStore';
import type { WebAuthnResult } from './webAuthnResult';
import { webAuthnFailure } from './webAuthnResult';

export interface ChallengeExpectation {
  purpose: ChallengePurpose;
  /** When set, the challenge must have been issued to this user (registration, secondary auth). */
  userId?: string | undefined;
}

/**
 * Consumes the challenge a credential answers and checks it was issued for this ceremony.
 * The record is gone afterwards even on a mismatch: a challenge is never usable twice.
 */
export async function takeChallenge(
  store: ChallengeStore,
  challenge: string,
  expected: ChallengeExpectation,
): Promise<WebAuthnResult<{ record: ChallengeRecord }>> {
  const record = await store.consume(challenge);
  if (!record)
    return webAuthnFailure('invalid_webauthn_challenge', 'The challenge is unknown, used or expired.');
  if (record.purpose !== expected.purpose) {
    return webAuthnFailure('invalid_webauthn_challenge', `The challenge was issued for ${record.purpose}.`);
  }
  if (expected.userId !== undefined && record.userId !== expected.userId) {
    return webAuthnFailure('invalid_webauthn_challenge', 'The challenge was issued to another user.');
  }
  return { ok: true, record };
}
