import type { AuthenticationFactor, Session } from '@latch/api';
import type { Db, Queryable } from '../db/Db';
import type { EventProject } from '../webhooks/emitEvent';
import { withEvent } from '../webhooks/withEvent';
import { userJsonSql, type UserJson } from '../users/userJson';

export type SessionAttributes = Session['attributes'];

export type SessionRow = {
  session_id: string;
  project_id: string;
  user_id: string;
  started_at: Date;
  last_accessed_at: Date;
  expires_at: Date;
  factors: AuthenticationFactor[];
  attributes: SessionAttributes;
  custom_claims: Record<string, unknown> | null;
  roles: string[];
};

export const SESSION_COLUMNS =
  'session_id, project_id, user_id, started_at, last_accessed_at, expires_at, factors, attributes, custom_claims, roles';

const iso = (d: Date): string => new Date(d).toISOString();

/** A row in the API's `Session` shape (packages/api `Session`). */
export const toSession = (row: SessionRow): Session => ({
  session_id: row.session_id,
  user_id: row.user_id,
  started_at: iso(row.started_at),
  last_accessed_at: iso(row.last_accessed_at),
  expires_at: iso(row.expires_at),
  attributes: row.attributes,
  authentication_factors: row.factors,
  custom_claims: row.custom_claims,
  roles: row.roles,
});

/** How a caller names a session: by its opaque token's hash, or (a verified JWT) by its id. */
export type SessionKey = { tokenHash: string } | { sessionId: string };

/** The live (not revoked, not expired) session of a project: `$1` project, `$2` key, `$3` now. */
const liveSql = (key: SessionKey): string =>
  `project_id = $1 AND ${'tokenHash' in key ? 'token_hash' : 'session_id'} = $2 AND revoked_at IS NULL AND expires_at > $3`;

const keyValue = (key: SessionKey): string => ('tokenHash' in key ? key.tokenHash : key.sessionId);

/** The live session of a project named by `key`, or null. */
export async function findLiveSession(
  db: Queryable,
  projectId: string,
  key: SessionKey,
  now: Date,
): Promise<SessionRow | null> {
  const [row] = await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${liveSql(key)}`, [
    projectId,
    keyValue(key),
    now,
  ]);
  return row ?? null;
}

/** The live sessions of a user of the project, oldest first. */
export async function listLiveSessions(
  db: Queryable,
  projectId: string,
  userId: string,
  now: Date,
): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM sessions
     WHERE project_id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3
     ORDER BY started_at, session_id`,
    [projectId, userId, now],
  );
}

/** Ends a live session named by `key` (its `session.revoked` event with it); answers whether there was one to end. */
export async function revokeLiveSession(
  db: Db,
  project: EventProject,
  key: SessionKey,
  now: Date,
): Promise<boolean> {
  const rows = await withEvent(
    db,
    project,
    'session.revoked',
    (q) =>
      q.query<{ session_id: string; user_id: string }>(
        `UPDATE sessions SET revoked_at = $3 WHERE ${liveSql(key)} RETURNING session_id, user_id`,
        [project.project_id, keyValue(key), now],
      ),
    (revoked) => revoked.map(({ session_id, user_id }) => ({ session_id, user_id })),
  );
  return rows.length > 0;
}

/**
 * The row's version (`xmin`: the transaction that wrote it, which every write changes) and its
 * user's (`users.version`, moved by triggers with every change of the user or its sub-lists; null
 * when the user is gone). Equal versions mean an equal session and user: what a process built from
 * them still holds.
 */
const VERSIONS_SQL = `xmin::text AS row_version,
  (SELECT u.version::text FROM users u WHERE u.user_id = sessions.user_id) AS user_version`;

export type Versions = { row_version: string; user_version: string | null };

/**
 * `xmin` values that do not name one write: the bootstrap and frozen transaction ids, which a row
 * frozen by a PostgreSQL older than 9.4 reports whatever wrote it. (Other values name one write;
 * they repeat only after 2^32 transactions.)
 */
const SHARED_XMINS = new Set(['1', '2']);

/** Whether two row versions name the same write of a row, so that its columns are the same. */
export const sameRowVersion = (a: string, b: string): boolean => a === b && !SHARED_XMINS.has(a);

/**
 * How stale `last_accessed_at` may be before an access writes it again. A refresh that neither
 * extends the session nor comes this long after the recorded access only reads the row: most
 * refreshes (a backend checking the session on each of its requests, a page refreshing on every
 * load) then cost PostgreSQL no write, no WAL and no commit flush. Revocation is unaffected: the
 * read checks `revoked_at` like the write does.
 */
export const ACCESS_RECORD_SECONDS = 60;

/** A live session's id and versions, and whether its recorded access is `ACCESS_RECORD_SECONDS` old. */
export type PeekedSession = Versions & { session_id: string; stale: boolean };

/**
 * The live session named by `key`, without its columns: its id, versions and whether its access is
 * due to be recorded. Every refresh starts here, so a revocation or a change of the session or its
 * user is seen by the next refresh on every process; null when the session is not live.
 */
export async function peekLiveSession(
  db: Queryable,
  projectId: string,
  key: SessionKey,
  now: Date,
): Promise<PeekedSession | null> {
  const [row] = await db.query<PeekedSession>(
    `SELECT session_id, ${VERSIONS_SQL}, last_accessed_at <= $4::timestamptz AS stale
     FROM sessions WHERE ${liveSql(key)}`,
    [projectId, keyValue(key), now, new Date(now.getTime() - ACCESS_RECORD_SECONDS * 1000)],
  );
  return row ?? null;
}

/** A session row with its versions (`VERSIONS_SQL`). */
export type VersionedSessionRow = SessionRow & Versions;

/**
 * The live session with this id, whole, with its versions; or, given `record`, that access recorded
 * first (and the new expiry, when given). Null when the session is no longer live: a write checks
 * liveness again, so a revocation that lands after a peek still refuses the session.
 */
export async function readLiveSession(
  db: Queryable,
  sessionId: string,
  now: Date,
  record?: { expiresAt: Date | undefined },
): Promise<VersionedSessionRow | null> {
  const live = 'session_id = $1 AND revoked_at IS NULL AND expires_at > $2';
  const [row] = await db.query<VersionedSessionRow>(
    record
      ? `UPDATE sessions SET last_accessed_at = $2, expires_at = COALESCE($3::timestamptz, expires_at)
         WHERE ${live} RETURNING ${SESSION_COLUMNS}, ${VERSIONS_SQL}`
      : `SELECT ${SESSION_COLUMNS}, ${VERSIONS_SQL} FROM sessions WHERE ${live}`,
    record ? [sessionId, now, record.expiresAt ?? null] : [sessionId, now],
  );
  return row ?? null;
}

/** A session row with its versions and its user's JSON (null when the user is gone), as one statement answers them. */
export type SessionWithUser = VersionedSessionRow & { user_json: UserJson | null };

/** A session write (`... RETURNING` added here) that also answers the versions and the user, in one statement. */
const withUser = (write: string): string =>
  `WITH s AS (${write} RETURNING ${SESSION_COLUMNS}, xmin::text AS row_version)
   SELECT s.*, (SELECT version::text FROM users WHERE user_id = s.user_id) AS user_version,
     ${userJsonSql('s.user_id')} AS user_json
   FROM s`;

const INSERT_SQL = withUser(
  `INSERT INTO sessions (session_id, project_id, user_id, token_hash, started_at, last_accessed_at,
     expires_at, factors, attributes, roles, custom_claims)
   SELECT $1, $2, u.user_id, $4, $5, $5, $6, $7, $8, u.roles, $10::jsonb FROM users u
   WHERE u.user_id = $3 AND ($9::integer IS NULL OR u.owner_epoch = $9)
   FOR SHARE OF u`,
);

const TOUCH_SQL = withUser(
  `UPDATE sessions SET last_accessed_at = $2,
     expires_at = COALESCE($3::timestamptz, expires_at),
     factors = COALESCE($4::jsonb, factors),
     custom_claims = CASE WHEN $5::boolean THEN $6::jsonb ELSE custom_claims END
   WHERE session_id = $1 AND revoked_at IS NULL`,
);

/**
 * The user's owner epoch (`users.owner_epoch`), read in the same statement as the credential a
 * sign-in checks (a password hash, a passkey, a wallet): its session starts only while the epoch
 * is unchanged. The insert waits for a claim in progress (`FOR SHARE` against the claim's row
 * lock) and then sees its new epoch. Absent for sign-ins that prove an address.
 */
export type OwnerEpoch = number | undefined;

/**
 * Starts a session for the user (its roles copied); answers it with its user, or null when there
 * is no such user or its owner epoch is no longer `s.ownerEpoch`.
 */
export async function insertSession(
  db: Queryable,
  s: {
    sessionId: string;
    projectId: string;
    userId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    factors: AuthenticationFactor[];
    attributes: SessionAttributes;
    ownerEpoch?: OwnerEpoch;
    customClaims?: Record<string, unknown> | null | undefined;
  },
): Promise<SessionWithUser | null> {
  const [row] = await db.query<SessionWithUser>(INSERT_SQL, [
    s.sessionId,
    s.projectId,
    s.userId,
    s.tokenHash,
    s.now,
    s.expiresAt,
    JSON.stringify(s.factors),
    JSON.stringify(s.attributes),
    s.ownerEpoch ?? null,
    s.customClaims ? JSON.stringify(s.customClaims) : null,
  ]);
  return row ?? null;
}

/**
 * Records an access of a live session; moves `expires_at` and replaces the factors and the custom
 * claims (null: none) when given. Answers the row and user, or null when the session ended meanwhile (a claim revoked it).
 */
export async function touchSession(
  db: Queryable,
  sessionId: string,
  now: Date,
  changes: {
    expiresAt?: Date;
    factors?: AuthenticationFactor[];
    customClaims?: Record<string, unknown> | null;
  } = {},
): Promise<SessionWithUser | null> {
  const { customClaims } = changes;
  const [row] = await db.query<SessionWithUser>(TOUCH_SQL, [
    sessionId,
    now,
    changes.expiresAt ?? null,
    changes.factors ? JSON.stringify(changes.factors) : null,
    customClaims !== undefined,
    customClaims ? JSON.stringify(customClaims) : null,
  ]);
  return row ?? null;
}
