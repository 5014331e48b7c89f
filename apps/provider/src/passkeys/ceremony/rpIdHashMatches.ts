import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether authenticator data's rpIdHash is SHA-256 of the expected RP ID (WebAuthn §6.1). */
export function rpIdHashMatches(rpIdHash: Uint8Array, rpId: string): boolean {
  const expected = createHash('sha256').update(rpId, 'utf8').digest();
  return rpIdHash.length === expected.length && timingSafeEqual(rpIdHash, expected);
}
