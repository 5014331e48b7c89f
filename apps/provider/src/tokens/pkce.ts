import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../crypto/hash';

/** RFC 7636 S256: base64url(SHA-256(verifier)) without padding must equal the stored challenge. */
export const pkceMatches = (verifier: string, challenge: string): boolean =>
  constantTimeEqual(createHash('sha256').update(verifier, 'utf8').digest('base64url'), challenge);

/**
 * Whether a one-time token's stored `code_challenge` (if any) is met by `verifier`. A token issued
 * without a challenge accepts any request; one issued with a challenge needs the matching verifier.
 */
export function pkceSatisfied(data: Record<string, unknown>, verifier: string | undefined): boolean {
  const challenge = data['code_challenge'];
  if (typeof challenge !== 'string') return true;
  return verifier !== undefined && pkceMatches(verifier, challenge);
}
