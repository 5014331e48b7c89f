import type { AuthenticateResponse, Session } from '@latch/api';
import { sha256Hex } from '../crypto/hash';
import type { Db, Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { sessionNotFound } from './sessionNotFound';
import { findVersionedUser, UserNotFoundError } from '../users/loadUser';
import type { ProjectRef } from '../users/project';
import { emitEvent, type EventProject } from '../webhooks/emitEvent';
import { answerSession, lastAnswered } from './answeredSessions';
import { addMinutes } from './duration';
import { verifySessionJwt } from './sessionJwt';
import {
  peekLiveSession,
  readLiveSession,
  revokeLiveSession,
  sameRowVersion,
  toSession,
  type SessionKey,
} from './sessionRow';

export interface AuthenticateSessionInput {
  db: Db;
  project: ProjectRef;
  authOrigin: string;
  /** When given, the session is extended to now + this many minutes (a sliding session). */
  durationMinutes?: number | undefined;
  now?: Date;
}

/**
 * Refresh: a live session token answers the authenticate shape with its JWT (fresh, or minted for
 * the same session state within the last minute), after recording the access (and extending it
 * when `durationMinutes` is given). Anything else is 404 `session_not_found`.
 */
export function authenticateSessionToken(
  input: AuthenticateSessionInput & { sessionToken: string },
): Promise<AuthenticateResponse> {
  const now = input.now ?? new Date();
  return refresh(input, { tokenHash: sha256Hex(input.sessionToken) }, input.sessionToken, now);
}

/**
 * A session JWT signed by the project's key (expired JWTs too) whose session is still live answers
 * the authenticate shape with a current JWT. The opaque token is not known here: `session_token` is ''.
 * A forged or foreign JWT is 401 `invalid_session_token`; a dead session is 404 `session_not_found`.
 */
export async function authenticateSessionJwt(
  input: AuthenticateSessionInput & { sessionJwt: string },
): Promise<AuthenticateResponse> {
  const now = input.now ?? new Date();
  const verified = await verifySessionJwt(input.db, {
    projectId: input.project.project_id,
    issuer: input.authOrigin,
    jwt: input.sessionJwt,
    now,
  });
  if (!verified)
    throw new AuthError('invalid_session_token', 'The session JWT is not valid for this project.');
  return refresh(input, { sessionId: verified.sessionId }, '', now);
}

/**
 * Peeks at the live session (`peekLiveSession`: its versions, every time) and answers it. The
 * access is recorded when extended or a minute since the last record; the row is read whole only
 * when it moved since this process answered it, and the user only when its version moved.
 */
async function refresh(
  input: AuthenticateSessionInput,
  key: SessionKey,
  sessionToken: string,
  now: Date,
): Promise<AuthenticateResponse> {
  const { db, project, authOrigin } = input;
  const peeked = await peekLiveSession(db, project.project_id, key, now);
  if (!peeked) throw sessionNotFound();
  const last = lastAnswered(db, peeked.session_id);
  const expiresAt = input.durationMinutes === undefined ? undefined : addMinutes(now, input.durationMinutes);
  const write = expiresAt !== undefined || peeked.stale;
  let row: { rowVersion: string; session: Session; userVersion: string | null };
  if (!write && last && sameRowVersion(last.rowVersion, peeked.row_version)) {
    row = { rowVersion: peeked.row_version, session: last.session, userVersion: peeked.user_version };
  } else {
    const read = await readLiveSession(db, peeked.session_id, now, write ? { expiresAt } : undefined);
    if (!read) throw sessionNotFound();
    row = { rowVersion: read.row_version, session: toSession(read), userVersion: read.user_version };
  }
  const userId = row.session.user_id;
  const user =
    last && last.user.user_id === userId && last.userVersion === row.userVersion
      ? { user: last.user, version: last.userVersion }
      : row.userVersion === null
        ? null
        : await findVersionedUser(db, userId);
  if (!user) throw new UserNotFoundError(userId);
  return answerSession({
    db,
    project,
    authOrigin,
    current: { rowVersion: row.rowVersion, session: row.session, userVersion: user.version, user: user.user },
    sessionToken,
    now,
  });
}

/**
 * Ends every live session of the user (a password reset) but `exceptSessionId`, the one the reset
 * was made in when it was; answers how many it ended.
 */
export async function revokeUserSessions(
  db: Queryable,
  project: EventProject,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await db.query<{ session_id: string }>(
    `UPDATE sessions SET revoked_at = $3
     WHERE project_id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3
       AND session_id IS DISTINCT FROM $4
     RETURNING session_id`,
    [project.project_id, userId, now, exceptSessionId ?? null],
  );
  for (const { session_id } of rows)
    await emitEvent(db, project, 'session.revoked', { session_id, user_id: userId });
  return rows.length;
}

/** Ends the session of this token; answers false when there was no live session to end. */
export const revokeSession = ({
  db,
  project,
  sessionToken,
  now = new Date(),
}: {
  db: Db;
  project: EventProject;
  sessionToken: string;
  now?: Date;
}): Promise<boolean> => revokeLiveSession(db, project, { tokenHash: sha256Hex(sessionToken) }, now);
