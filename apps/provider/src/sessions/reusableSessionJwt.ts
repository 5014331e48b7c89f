import type { Session } from '@latch/api';
import { jwtTimes, mintSessionJwt, type MintInput } from './sessionJwt';

/**
 * How long a minted session JWT is handed out again for an unchanged session. The JWT lives 5
 * minutes and the SDK refreshes every 3 (docs/backend-sessions.md), so a JWT at most a minute
 * old still has 4 minutes left: more than the caller needs until its next refresh. Signing
 * (RSA-2048) was the largest CPU cost of a refresh, and pages that refresh on every load call it
 * many times a minute.
 */
export const JWT_REUSE_SECONDS = 60;

/** Sessions remembered per process; beyond it the oldest are dropped (they are only a cache). */
const MAX_SESSIONS = 10_000;

type Minted = { fingerprint: string; iat: number; exp: number; jwt: Promise<string> };

// Per database: tests run many databases in one process; a session id names one session anyway.
const mintedBySession = new WeakMap<object, Map<string, Minted>>();

/** The session's part of a fingerprint, per `Session` object: a refresh reuses the object while its row is unchanged. */
const sessionParts = new WeakMap<Session, string>();

const sessionPartOf = (session: Session): string => {
  let part = sessionParts.get(session);
  if (part === undefined) {
    part = JSON.stringify([
      session.session_id,
      session.user_id,
      session.started_at,
      session.expires_at,
      session.attributes,
      session.authentication_factors,
      session.roles,
      session.custom_claims,
    ]);
    sessionParts.set(session, part);
  }
  return part;
};

/**
 * Everything a JWT says except its times and `last_accessed_at`: when any of it changes (factors,
 * roles, custom claims, the session's expiry, the signing key, the issuer), a new JWT is minted.
 * `last_accessed_at` moves (at most once a minute, `ACCESS_RECORD_SECONDS`), so a reused JWT
 * carries the value of its issue time, as every JWT does; the SDK ignores the field when comparing
 * sessions too. Two JSON arrays side by side: the first ends where its brackets close.
 */
const fingerprintOf = ({ key, projectId, issuer, session }: MintInput): string =>
  JSON.stringify([key.kid, projectId, issuer]) + sessionPartOf(session);

/**
 * The session's JWT: the one this process minted for it less than `JWT_REUSE_SECONDS` ago when the
 * session still reads the same (see `fingerprintOf`), else a new one. Callers have already checked
 * that the session is live, so reuse never outlives a revocation: the check comes first each time.
 */
export function reusableSessionJwt(owner: object, input: MintInput): Promise<string> {
  let minted = mintedBySession.get(owner);
  if (!minted) {
    minted = new Map();
    mintedBySession.set(owner, minted);
  }
  const id = input.session.session_id;
  const fingerprint = fingerprintOf(input);
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  const previous = minted.get(id);
  if (
    previous?.fingerprint === fingerprint &&
    nowSeconds >= previous.iat &&
    nowSeconds - previous.iat < JWT_REUSE_SECONDS &&
    previous.exp > nowSeconds
  ) {
    return previous.jwt;
  }
  // Stored before it resolves, so concurrent refreshes of one session share one signature.
  const entry: Minted = { fingerprint, ...jwtTimes(input.session, input.now), jwt: mintSessionJwt(input) };
  minted.delete(id);
  minted.set(id, entry);
  if (minted.size > MAX_SESSIONS) {
    const oldest = minted.keys().next();
    if (!oldest.done) minted.delete(oldest.value);
  }
  const sessions = minted;
  entry.jwt.catch(() => {
    if (sessions.get(id) === entry) sessions.delete(id);
  });
  return entry.jwt;
}
