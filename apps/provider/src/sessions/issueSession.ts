import {
  DEFAULT_SESSION_MINUTES,
  isPlainObject as isRecord,
  type AuthenticateResponse,
  type AuthenticationFactor,
} from '@latch/api';
import { randomToken, sha256Hex } from '../crypto/hash';
import { newId } from '../crypto/ids';
import type { Db, Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { UserNotFoundError } from '../users/loadUser';
import { toUser } from '../users/userJson';
import type { EventProject } from '../webhooks/emitEvent';
import { withEvent } from '../webhooks/withEvent';
import { updatedCustomClaims, type CustomClaims } from './customClaims';
import { addMinutes } from './duration';
import { answerSession } from './answeredSessions';
import {
  findLiveSession,
  insertSession,
  toSession,
  touchSession,
  type OwnerEpoch,
  type SessionAttributes,
  type SessionWithUser,
} from './sessionRow';

export interface IssueSessionInput {
  db: Db;
  project: EventProject;
  /** The provider's public origin (`services.authOrigin`): the JWT issuer. */
  authOrigin: string;
  userId: string;
  /** The factor this sign-in proved; `last_authenticated_at` is set here. */
  factor: Omit<AuthenticationFactor, 'last_authenticated_at'>;
  /**
   * `session_duration_minutes` of the request (validated 5..527040 by the route). Absent (backend
   * API only), an existing session keeps its expiry and a new one gets the default 30 minutes.
   */
  durationMinutes: number | undefined;
  /** The session token from the Authorization header (`RouteInput.sessionToken`), if any. */
  existingSessionToken?: string | null | undefined;
  /** The backend API's other way to name the session to add the factor to: its id (from a JWT). */
  existingSessionId?: string | undefined;
  attributes?: SessionAttributes;
  /** What a credential sign-in read with its credential: no session once the owner claimed the account. */
  ownerEpoch?: OwnerEpoch;
  /** `session_custom_claims` (backend API): laid over the session's claims (`mergeCustomClaims`). */
  customClaims?: CustomClaims | undefined;
  now?: Date;
}

/** The account's owner claimed it while this sign-in checked a credential the claim took away. */
const credentialWithdrawn = (): AuthError =>
  new AuthError('unauthorized_credentials', 'The credential was withdrawn while it was being checked.');

/** JSON with object keys sorted, so a factor read back from jsonb (which reorders keys) compares equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

const sameFactor = (
  a: Omit<AuthenticationFactor, 'last_authenticated_at'>,
  b: AuthenticationFactor,
): boolean => {
  const { last_authenticated_at: _ignored, ...rest } = b;
  return canonical(a) === canonical(rest);
};

/** The factor list with `factor` refreshed in place, or appended when the session lacks it. */
function mergeFactor(
  factors: AuthenticationFactor[],
  factor: Omit<AuthenticationFactor, 'last_authenticated_at'>,
  at: string,
): AuthenticationFactor[] {
  const fresh = { ...factor, last_authenticated_at: at };
  const index = factors.findIndex((f) => sameFactor(factor, f));
  return index === -1 ? [...factors, fresh] : factors.map((f, i) => (i === index ? fresh : f));
}

/**
 * Ends every successful sign-in. A live session token of the same user (the Authorization
 * header's password half) gets the factor added and its expiry set to now + duration; otherwise a
 * new session starts with a random opaque token, stored only as its SHA-256 hash.
 */
export async function issueSession(input: IssueSessionInput): Promise<AuthenticateResponse> {
  const { db, project, userId, factor, durationMinutes } = input;
  const now = input.now ?? new Date();
  const at = now.toISOString();

  let row: SessionWithUser | null = null;
  let sessionToken = input.existingSessionToken ?? null;
  const existing = sessionToken
    ? await findLiveSession(db, project.project_id, { tokenHash: sha256Hex(sessionToken) }, now)
    : input.existingSessionId
      ? await findLiveSession(db, project.project_id, { sessionId: input.existingSessionId }, now)
      : null;
  if (existing?.user_id === userId) {
    row = await touchSession(db, existing.session_id, now, {
      ...(durationMinutes === undefined ? {} : { expiresAt: addMinutes(now, durationMinutes) }),
      factors: mergeFactor(existing.factors, factor, at),
      ...(input.customClaims
        ? { customClaims: updatedCustomClaims(existing.custom_claims, input.customClaims) }
        : {}),
    });
    // Named by id, the session's opaque token is not known here: it is answered as ''.
    if (!input.existingSessionToken) sessionToken = '';
  }
  if (!row) {
    const expiresAt = addMinutes(now, durationMinutes ?? DEFAULT_SESSION_MINUTES);
    const token = randomToken(32);
    sessionToken = token;
    const sessionId = newId('session', project.test);
    const insert = (q: Queryable) =>
      insertSession(q, {
        sessionId,
        projectId: project.project_id,
        userId,
        tokenHash: sha256Hex(token),
        now,
        expiresAt,
        factors: [{ ...factor, last_authenticated_at: at }],
        attributes: input.attributes ?? { ip_address: '', user_agent: '' },
        ownerEpoch: input.ownerEpoch,
        customClaims: input.customClaims && updatedCustomClaims(null, input.customClaims),
      });
    const created = await withEvent(db, project, 'session.created', insert, (inserted) =>
      inserted ? [{ session_id: sessionId, user_id: userId }] : [],
    );
    if (!created && input.ownerEpoch !== undefined) throw credentialWithdrawn();
    if (!created) throw new UserNotFoundError(userId);
    row = created;
  }
  if (!row.user_json || row.user_version === null) throw new UserNotFoundError(row.user_id);
  return answerSession({
    db,
    project,
    authOrigin: input.authOrigin,
    current: {
      rowVersion: row.row_version,
      session: toSession(row),
      userVersion: row.user_version,
      user: toUser(row.user_json),
    },
    sessionToken: sessionToken ?? '',
    now,
  });
}
