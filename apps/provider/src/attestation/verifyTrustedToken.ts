import { errors, jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';
import type { TrustedAuthTokenProfile } from '../config/trustedAuthTokenProfileSchema';
import { AuthError } from '../errors/AuthError';
import { profileKey, type ProfileKey } from './profileKey';

/**
 * Asymmetric algorithms only: an HMAC secret would have to be shared with the issuer, and `none`
 * is no signature at all. jose refuses any other `alg` before it resolves a key.
 */
export const TRUSTED_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

/** Seconds of clock skew allowed between the issuer and this provider for `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 30;

const invalid = (message: string, cause: unknown) => new AuthError('invalid_token', message, { cause });

/** What went wrong, in words a developer can act on; never the token itself. */
function failureOf(error: unknown, keyKind: ProfileKey['kind']): AuthError {
  if (error instanceof errors.JWTExpired) return invalid('The trusted auth token has expired.', error);
  if (error instanceof errors.JWTClaimValidationFailed) {
    // jose's message names the claim and the problem, e.g. 'unexpected "aud" claim value'.
    return invalid(`The trusted auth token was refused: ${error.message}.`, error);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return invalid('The trusted auth token is signed with an algorithm that is not allowed.', error);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return invalid("The trusted auth token's signature does not verify with the profile's key.", error);
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return invalid("The trusted auth token could not be checked: the profile's JWKS is unavailable.", error);
  }
  if (!(error instanceof errors.JOSEError)) {
    // From a JWKS, fetch rejects when the issuer cannot be reached; with a pinned key, WebCrypto
    // refuses a key that does not fit the token's algorithm (an ES384 token for a P-256 key).
    return keyKind === 'jwks'
      ? invalid("The trusted auth token could not be checked: the profile's JWKS is unavailable.", error)
      : invalid("The trusted auth token's signature does not verify with the profile's key.", error);
  }
  return invalid('The trusted auth token is not a valid signed JWT.', error);
}

/**
 * The payload of `token` once its signature (profile key, allowed algorithm), `iss`, `aud`, `exp`
 * and `nbf` check out; `invalid_token` (401) otherwise.
 */
export async function verifyTrustedToken(
  profile: TrustedAuthTokenProfile,
  token: string,
  now: Date,
): Promise<JWTPayload> {
  const options: JWTVerifyOptions = {
    issuer: profile.issuer,
    audience: profile.audience,
    algorithms: [...TRUSTED_TOKEN_ALGORITHMS],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    currentDate: now,
    // A token without an expiry would be a credential that never lapses.
    requiredClaims: ['exp'],
  };
  const key = profileKey(profile);
  try {
    const { payload } =
      key.kind === 'pem'
        ? await jwtVerify(token, key.key, options)
        : await jwtVerify(token, key.getKey, options);
    return payload;
  } catch (error) {
    throw failureOf(error, key.kind);
  }
}
