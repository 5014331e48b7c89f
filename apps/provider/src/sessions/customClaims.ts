import { isPlainObject, MAX_CUSTOM_CLAIMS_BYTES, type Session, type User } from '@latch/api';
import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';

export type CustomClaims = Record<string, unknown>;

/** `update` laid over `current`: a key given replaces, an object merges key by key, `null` removes. */
export function mergeCustomClaims(current: CustomClaims, update: CustomClaims): CustomClaims {
  const entries = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(update)) {
    const before = entries.get(key);
    if (value === null) entries.delete(key);
    else if (isPlainObject(value) && isPlainObject(before))
      entries.set(key, mergeCustomClaims(before, value));
    else entries.set(key, value);
  }
  return Object.fromEntries(entries);
}

/**
 * A session's claims after `update` (`mergeCustomClaims`; the body schema refused reserved claims),
 * or null when none are left. Claims that would grow past `MAX_CUSTOM_CLAIMS_BYTES` are `invalid_field`.
 */
export function updatedCustomClaims(current: CustomClaims | null, update: CustomClaims): CustomClaims | null {
  const merged = mergeCustomClaims(current ?? {}, update);
  if (Buffer.byteLength(JSON.stringify(merged)) > MAX_CUSTOM_CLAIMS_BYTES)
    throw new AuthError(
      'invalid_field',
      `session_custom_claims: the session's claims would take more than ${MAX_CUSTOM_CLAIMS_BYTES} bytes.`,
    );
  return Object.keys(merged).length > 0 ? merged : null;
}

/** Applies a claims update to a live session, under its row lock so two updates both land. */
export async function updateSessionClaims(
  tx: Queryable,
  sessionId: string,
  update: CustomClaims,
): Promise<void> {
  const [row] = await tx.query<{ custom_claims: CustomClaims | null }>(
    'SELECT custom_claims FROM sessions WHERE session_id = $1 FOR UPDATE',
    [sessionId],
  );
  if (!row) return;
  const claims = updatedCustomClaims(row.custom_claims, update);
  await tx.query('UPDATE sessions SET custom_claims = $2 WHERE session_id = $1', [
    sessionId,
    claims === null ? null : JSON.stringify(claims),
  ]);
}

/**
 * The session as it is answered and minted: its claims with the user's `external_id` (a reserved
 * claim, so one kept on the session from before it was reserved is dropped), so that a JWT verified
 * locally and a session authenticated remotely name the same claims.
 */
export function withUserClaims(session: Session, user: Pick<User, 'external_id'>): Session {
  const { external_id: _kept, ...custom } = session.custom_claims ?? {};
  const claims = user.external_id === undefined ? custom : { ...custom, external_id: user.external_id };
  return { ...session, custom_claims: Object.keys(claims).length > 0 ? claims : null };
}
