import type { AuthenticateResponse, Session, User } from '@latch/api';
import { sha256Hex } from '../crypto/hash';
import type { Db, Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { UserNotFoundError } from '../users/loadUser';
import type { ProjectRef } from '../users/project';
import { toUser } from '../users/userJson';
import { emitEvent, type EventProject } from '../webhooks/emitEvent';
import { addMinutes } from './duration';
import { sessionResponse } from './issueSession';
import { verifySessionJwt } from './sessionJwt';
import { knownUsers } from './knownUsers';
import {
  revokeLiveSession,
  sessionRowOf,
  toSession,
  touchLiveSession,
  type TouchedSession,
} from './sessionRow';

export interface AuthenticateSessionInput {
  db: Db;
  project: ProjectRef;
  authOrigin: string;
  /** When given, the session is extended to now + this many minutes (a sliding session). */
  durationMinutes?: number | undefined;
  now?: Date;
}

const notFound = (): AuthError =>
  new AuthError('session_not_found', 'The session expired, was revoked, or never existed.');

/**
 * Refresh: a live session token answers the authenticate shape with its JWT (fresh, or minted for
 * the same session state within the last minute), after recording the access (and extending it
 * when `durationMinutes` is given). Anything else is 404 `session_not_found`.
 */
export async function authenticateSessionToken(
  input: AuthenticateSessionInput & { sessionToken: string },
): Promise<AuthenticateResponse> {
  const now = input.now ?? new Date();
  const { row, user, session } = await touch(input, { tokenHash: sha256Hex(input.sessionToken) }, now);
  // Named fields, not `{ ...input, row, … }`: see `successResponse` on such literals.
  const { db, project, authOrigin, sessionToken } = input;
  return sameAsLast(
    await sessionResponse({ db, project, authOrigin, row, user, session, sessionToken, now }),
  );
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
  const { row, user, session } = await touch(input, { sessionId: verified.sessionId }, now);
  const { db, project, authOrigin } = input;
  return sameAsLast(
    await sessionResponse({ db, project, authOrigin, row, user, session, sessionToken: '', now }),
  );
}

/** The last refresh answer for each session object (one per row version, see `touch`). */
const lastAnswers = new WeakMap<Session, AuthenticateResponse>();

/**
 * The answer given last time for this session when it says the same (same user object, JWT and
 * token: a refresh of an unchanged session), else this one, remembered for the next refresh. The
 * same object each time lets the HTTP edge serialize it once; answers are never changed after.
 */
function sameAsLast(answer: AuthenticateResponse): AuthenticateResponse {
  const last = lastAnswers.get(answer.session);
  if (
    last &&
    last.user === answer.user &&
    last.user_id === answer.user_id &&
    last.session_jwt === answer.session_jwt &&
    last.session_token === answer.session_token
  )
    return last;
  lastAnswers.set(answer.session, answer);
  return answer;
}

/**
 * Records the access to the live session (`touchLiveSession`, given the user and row this process
 * holds for the same key) and answers it with its user: the held user when its version has not
 * moved since, else the one the statement built (remembered for the next refresh); and the session
 * as built last time when the row is the held version, else built from the row. 404 when the
 * session is not live, or its user is gone.
 */
async function touch(
  input: AuthenticateSessionInput,
  key: { tokenHash: string } | { sessionId: string },
  now: Date,
): Promise<{ row: TouchedSession; user: User; session: Session }> {
  const users = knownUsers(input.db);
  const cacheKey = 'tokenHash' in key ? `token:${key.tokenHash}` : `id:${key.sessionId}`;
  const known = users.get(cacheKey);
  const row = await touchLiveSession(input.db, input.project.project_id, key, now, expiry(input, now), {
    userVersion: known?.version,
    row: known && { version: known.session.rowVersion, row: known.session.row },
  });
  if (!row) throw notFound();
  if (row.user_version === null) throw new UserNotFoundError(row.user_id);
  let user: User;
  if (row.user_json) user = toUser(row.user_json);
  else {
    // No JSON: the statement found the user at the version sent, which came from `known`.
    if (known?.version !== row.user_version || known.userId !== row.user_id)
      throw new Error(`session ${row.session_id}: no user JSON for version ${row.user_version}`);
    user = known.user;
  }
  const held = row.sameAsHeld ? known?.session : undefined;
  const built = held ?? { rowVersion: row.row_version, session: toSession(row), row: sessionRowOf(row) };
  if (!held || user !== known?.user)
    users.remember(cacheKey, { userId: row.user_id, version: row.user_version, user, session: built });
  return { row, user, session: built.session };
}

const expiry = (input: AuthenticateSessionInput, now: Date): Date | undefined =>
  input.durationMinutes === undefined ? undefined : addMinutes(now, input.durationMinutes);

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
export async function revokeSession({
  db,
  project,
  sessionToken,
  now = new Date(),
}: {
  db: Db;
  project: EventProject;
  sessionToken: string;
  now?: Date;
}): Promise<boolean> {
  return revokeLiveSession(db, project, { tokenHash: sha256Hex(sessionToken) }, now);
}
