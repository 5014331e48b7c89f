import type { Session } from '@latch/api';
import { createLocalJWKSet, decodeJwt, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Queryable } from '../db/Db';
import { JWT_LIFETIME_SECONDS } from './duration';
import { JWT_ALGORITHM, publicJwks, type SigningKey } from './signingKeys';

/** The claim that carries the session, under the hosted API's name so its backend SDKs read ours. */
export const SESSION_CLAIM = 'https://stytch.com/session';

export interface MintInput {
  key: SigningKey;
  projectId: string;
  /** The provider's public origin, e.g. `http://localhost:4000`: the JWT's `iss`. */
  issuer: string;
  session: Session;
  now: Date;
}

/** `iat` and `exp` (seconds) of a session JWT minted at `now`. */
export function jwtTimes(session: Pick<Session, 'expires_at'>, now: Date): { iat: number; exp: number } {
  const iat = Math.floor(now.getTime() / 1000);
  const sessionEnd = Math.floor(new Date(session.expires_at).getTime() / 1000);
  return { iat, exp: Math.min(iat + JWT_LIFETIME_SECONDS, Math.max(sessionEnd, iat + 1)) };
}

/**
 * RS256 JWT with `kid`: `sub` user id, `iat` = `nbf` = now, `exp` = now + 300 s (never past the
 * session's own expiry), `iss` auth origin, `aud` [project id], the session claim, custom claims
 * at top level (they cannot override the registered ones).
 */
export async function mintSessionJwt({ key, projectId, issuer, session, now }: MintInput): Promise<string> {
  const { iat, exp } = jwtTimes(session, now);
  const sessionClaim = {
    id: session.session_id,
    started_at: session.started_at,
    last_accessed_at: session.last_accessed_at,
    expires_at: session.expires_at,
    attributes: session.attributes,
    authentication_factors: session.authentication_factors,
    roles: session.roles,
  };
  return new SignJWT({ ...(session.custom_claims ?? {}), [SESSION_CLAIM]: sessionClaim })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setSubject(session.user_id)
    .setIssuer(issuer)
    .setAudience([projectId])
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
}

export interface VerifiedSessionJwt {
  sessionId: string;
  userId: string;
  expired: boolean;
  payload: JWTPayload;
}

/**
 * Checks signature (against the project's JWKS), issuer and audience. An expired JWT still
 * verifies, flagged `expired`: the caller then checks the session itself, as the hosted API does.
 * Answers null for anything else.
 */
export async function verifySessionJwt(
  db: Queryable,
  { projectId, issuer, jwt, now }: { projectId: string; issuer: string; jwt: string; now: Date },
): Promise<VerifiedSessionJwt | null> {
  try {
    const { iat } = decodeJwt(jwt);
    if (typeof iat !== 'number') return null;
    const keys = createLocalJWKSet({ keys: await publicJwks(db, projectId) });
    const { payload } = await jwtVerify(jwt, keys, {
      algorithms: [JWT_ALGORITHM],
      issuer,
      audience: projectId,
      // Verified as of its own issue time: expiry is judged below, against the session.
      currentDate: new Date(iat * 1000),
    });
    const claim = payload[SESSION_CLAIM];
    const sessionId =
      claim && typeof claim === 'object' && 'id' in claim && typeof claim.id === 'string' ? claim.id : null;
    if (!sessionId || !payload.sub || payload.exp === undefined) return null;
    return { sessionId, userId: payload.sub, expired: payload.exp * 1000 <= now.getTime(), payload };
  } catch {
    return null;
  }
}
