import type { Session } from '@latch/api';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Queryable } from '../db/Db';
import { publicJwks } from '../sessions';
import { ACCESS_TOKEN_TYPE } from './accessTokens';

/** What an ID token hint says: whose it is, for which clients, and when it was issued (seconds). */
export interface IdTokenHint {
  sub: string;
  aud: string[];
  iat: number;
}

/** The payload once signature and issuer are good; an expired token still names its user. */
async function verifiedPayload(
  db: Queryable,
  input: { projectId: string; issuer: string; hint: string },
): Promise<JWTPayload | null> {
  const jwks = createLocalJWKSet({ keys: await publicJwks(db, input.projectId) });
  try {
    const { payload, protectedHeader } = await jwtVerify(input.hint, jwks, { issuer: input.issuer });
    // An access token has the same issuer and audience, but it is not what the hint names.
    return protectedHeader.typ === ACCESS_TOKEN_TYPE ? null : payload;
  } catch (error) {
    // jose checks the signature, then iss, then exp: an expired token reached here is ours.
    if (!(error instanceof errors.JWTExpired) || error.claim !== 'exp') return null;
    return decodeProtectedHeader(input.hint).typ === ACCESS_TOKEN_TYPE ? null : error.payload;
  }
}

/**
 * The ID token hint of a logout request (OpenID Connect RP-Initiated Logout 1.0 section 2): an ID
 * token this project's issuer signed, expired or not, since an application may keep its session
 * longer than the ID token lives. Null for anything else (an access token included).
 */
export async function readIdTokenHint(
  db: Queryable,
  input: { projectId: string; issuer: string; hint: string },
): Promise<IdTokenHint | null> {
  const payload = await verifiedPayload(db, input).catch(() => null);
  if (!payload || typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
  const aud = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  return { sub: payload.sub, aud, iat: payload.iat };
}

/**
 * Whether `hint` is an ID token this project issued to `clientId` for the session's user during this
 * session: then the logout is what the signed-in user asked of that app, and needs no confirmation.
 */
export async function idTokenHintMatches(
  db: Queryable,
  input: {
    projectId: string;
    issuer: string;
    clientId: string;
    userId: string;
    session: Session;
    hint: string | undefined;
  },
): Promise<boolean> {
  if (!input.hint) return false;
  const hint = await readIdTokenHint(db, { ...input, hint: input.hint });
  const started = Math.floor(Date.parse(input.session.started_at) / 1000);
  return (
    hint !== null && hint.sub === input.userId && hint.aud.includes(input.clientId) && hint.iat >= started
  );
}
