import * as v from 'valibot';
import { integer, jsonObject, jsonRecord, unsupported } from './fields';
import { text } from './text';

/** `session_duration_minutes` bounds of the hosted API: 5 minutes to 366 days. */
export const SESSION_DURATION_MINUTES = { min: 5, max: 527_040 } as const;

/** When a sign-in request omits `session_duration_minutes`: 30 minutes. */
export const DEFAULT_SESSION_MINUTES = 30;

export const sessionDurationMinutes = () =>
  integer(SESSION_DURATION_MINUTES.min, SESSION_DURATION_MINUTES.max);

/** The session a sign-in starts: `DEFAULT_SESSION_MINUTES` unless the request says otherwise. */
export const signInSessionDuration = () => v.exactOptional(sessionDurationMinutes(), DEFAULT_SESSION_MINUTES);

/** `POST /sessions/authenticate`: a duration extends the session; none leaves it as it is. */
export const sessionAuthenticateBody = jsonObject({
  session_duration_minutes: v.exactOptional(sessionDurationMinutes()),
});

/**
 * `POST /sessions/attest`: a JWT from a trusted external issuer, checked against the project's
 * trusted auth token profile `profile_id`, exchanged for a session.
 */
export const sessionAttestBody = jsonObject({
  profile_id: text({ min: 1, max: 256 }),
  // Room for a JWT with many claims; the mount option allows 4096, API callers may send more.
  token: text({ min: 1, max: 16_384 }),
  session_duration_minutes: signInSessionDuration(),
});

/** `POST /sessions/revoke`: the session is the one the Authorization header names. */
export const sessionRevokeBody = jsonObject({});

/**
 * The JWT's registered claims, the hosted API's namespace and `external_id` (the provider sets it
 * from the user, so a backend can trust it), which `session_custom_claims` may not set.
 */
const RESERVED_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', 'external_id'];
const isReservedClaim = (key: string): boolean =>
  RESERVED_CLAIMS.includes(key) || key.startsWith('https://stytch.com/');
/** The hosted API's limit on a session's custom claims, as JSON. */
export const MAX_CUSTOM_CLAIMS_BYTES = 4096;

/**
 * `session_custom_claims`: laid over the session's claims (a key replaces, an object merges, null
 * removes), at most 4 KiB of JSON, never a reserved claim.
 */
export const sessionCustomClaims = () =>
  v.pipe(
    jsonRecord(),
    v.check(
      (claims) => !Object.keys(claims).some(isReservedClaim),
      'sets a reserved claim (iss, sub, aud, exp, nbf, iat, jti, external_id, https://stytch.com/...)',
    ),
    v.check(
      (claims) => new TextEncoder().encode(JSON.stringify(claims)).length <= MAX_CUSTOM_CLAIMS_BYTES,
      `more than ${MAX_CUSTOM_CLAIMS_BYTES} bytes of JSON`,
    ),
  );

/**
 * The session fields of every backend sign-in call: an existing session (by token or JWT) gets the
 * proven factor, `session_duration_minutes` starts or extends one. Neither: no session starts.
 */
export const backendSessionFields = {
  session_token: v.exactOptional(text({ min: 1, max: 512 })),
  session_jwt: v.exactOptional(text({ min: 1, max: 16_384 })),
  session_duration_minutes: v.exactOptional(sessionDurationMinutes()),
  session_custom_claims: v.exactOptional(sessionCustomClaims()),
};

/** `POST /v1/sessions/authenticate` (backend API): a session token or a session JWT. */
export const backendSessionAuthenticateBody = jsonObject({
  session_token: v.exactOptional(text({ min: 1, max: 512 })),
  session_jwt: v.exactOptional(text({ min: 1, max: 16_384 })),
  session_duration_minutes: v.exactOptional(sessionDurationMinutes()),
  session_custom_claims: v.exactOptional(sessionCustomClaims()),
  authorization_check: unsupported(),
});

/** `POST /v1/sessions/revoke` (backend API): the session by id, token or JWT. */
export const backendSessionRevokeBody = jsonObject({
  session_id: v.exactOptional(text({ min: 1, max: 256 })),
  session_token: v.exactOptional(text({ min: 1, max: 512 })),
  session_jwt: v.exactOptional(text({ min: 1, max: 16_384 })),
});
