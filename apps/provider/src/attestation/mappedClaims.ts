import type { JWTPayload } from 'jose';
import type { TrustedAuthTokenProfile } from '../config/trustedAuthTokenProfileSchema';
import { AuthError } from '../errors/AuthError';
import { parseEmail } from '../users';

export interface MappedClaims {
  /** Normalized (trimmed, lower-cased). */
  email: string;
  /** The value of the profile's `token_id` claim; null when the profile maps none. */
  tokenId: string | null;
  /** `exp` as a date: how long a spent token id must be remembered. */
  expiresAt: Date;
}

const MAX_TOKEN_ID_LENGTH = 512;
/** 9999-12-31T23:59:59Z in seconds. */
const LAST_STORABLE_SECOND = 253_402_300_799;

/** The claims the profile's `attribute_mapping` names, read from a verified payload. */
export function mappedClaims(profile: TrustedAuthTokenProfile, payload: JWTPayload): MappedClaims {
  const { email: emailClaim, token_id: tokenIdClaim } = profile.attribute_mapping;
  const rawEmail = payload[emailClaim];
  const email = typeof rawEmail === 'string' ? parseEmail(rawEmail) : null;
  if (email === null) {
    throw new AuthError(
      'invalid_token',
      `The trusted auth token's "${emailClaim}" claim is not an email address.`,
    );
  }
  let tokenId: string | null = null;
  if (tokenIdClaim !== undefined) {
    const raw = payload[tokenIdClaim];
    if (typeof raw !== 'string' || raw === '' || raw.length > MAX_TOKEN_ID_LENGTH) {
      throw new AuthError(
        'invalid_token',
        `The trusted auth token's "${tokenIdClaim}" claim must be a token id of 1 to ${MAX_TOKEN_ID_LENGTH} characters.`,
      );
    }
    tokenId = raw;
  }
  // verifyTrustedToken requires `exp`, so it is a number here; a far-future one (even 1e400, which
  // JSON reads as Infinity) is held at the last second of year 9999, the latest date stored.
  const exp = Math.min(payload.exp ?? 0, LAST_STORABLE_SECOND);
  return { email, tokenId, expiresAt: new Date(exp * 1000) };
}
