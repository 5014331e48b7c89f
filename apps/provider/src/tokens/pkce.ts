import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../crypto/hash';

/** RFC 7636 S256: base64url(SHA-256(verifier)) without padding must equal the stored challenge. */
export const pkceMatches = (verifier: string, challenge: string): boolean =>
  constantTimeEqual(createHash('sha256').update(verifier, 'utf8').digest('base64url'), challenge);

/**
 * Whether a one-time token's stored `code_challenge` (if any) is met by `verifier`. A token issued
 * without a challenge accepts any request; one issued with a challenge needs the matching verifier.
 */
export const pkceSatisfied = (challenge: string | undefined, verifier: string | undefined): boolean =>
  challenge === undefined || (verifier !== undefined && pkceMatches(verifier, challenge));
