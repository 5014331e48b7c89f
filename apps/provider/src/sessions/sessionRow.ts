import type { AuthenticationFactor, Session } from '@latch/api';
import type { Queryable } from '../db/Db';
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

/** The session's own columns of a row that carries more (versions, the user's JSON). */
export const sessionRowOf = (row: SessionRow): SessionRow => ({
  session_id: row.session_id,
  project_id: row.project_id,
  user_id: row.user_id,
  started_at: row.started_at,
  last_accessed_at: row.last_accessed_at,
  expires_at: row.expires_at,
  factors: row.factors,
  attributes: row.attributes,
  custom_claims: row.custom_claims,
  roles: row.roles,
});

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

/** The live (not revoked, not expired) session of a project with this token hash, or null. */
export async function findLiveSessionByHash(
  db: Queryable,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | null> {
  const [row] = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM sessions
     WHERE project_id = $1 AND token_hash = $2 AND revoked_at IS NULL AND expires_at > $3`,
    [projectId, tokenHash, now],
  );
  return row ?? null;
}

/** The live session of a project with this id, or null. */
export async function findLiveSessionById(
  db: Queryable,
  projectId: string,
  sessionId: string,
  now: Date,
): Promise<SessionRow | null> {
  const [row] = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM sessions
     WHERE project_id = $1 AND session_id = $2 AND revoked_at IS NULL AND expires_at > $3`,
    [projectId, sessionId, now],
  );
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

const revokeLiveSql = (keyColumn: 'token_hash' | 'session_id'): string =>
  `UPDATE sessions SET revoked_at = $3
   WHERE project_id = $1 AND ${keyColumn} = $2 AND revoked_at IS NULL AND expires_at > $3
   RETURNING session_id`;
const REVOKE_LIVE_BY_HASH_SQL = revokeLiveSql('token_hash');
const REVOKE_LIVE_BY_ID_SQL = revokeLiveSql('session_id');

/** Ends a live session named by token hash or id; answers whether there was one to end. */
export async function revokeLiveSession(
  db: Queryable,
  projectId: string,
  key: { tokenHash: string } | { sessionId: string },
  now: Date,
): Promise<boolean> {
  const rows = await db.query('tokenHash' in key ? REVOKE_LIVE_BY_HASH_SQL : REVOKE_LIVE_BY_ID_SQL, [
    projectId,
    'tokenHash' in key ? key.tokenHash : key.sessionId,
    now,
  ]);
  return rows.length > 0;
}

/** A session row and its user's JSON (null when the user is gone), as one statement answers them. */
export type SessionWithUser = SessionRow & { user_json: UserJson | null };

/** A session write (`... RETURNING` added here) that also answers the session's user, in one statement. */
const withUser = (write: string): string =>
  `WITH s AS (${write} RETURNING ${SESSION_COLUMNS}) SELECT s.*, ${userJsonSql('s.user_id')} AS user_json FROM s`;

const INSERT_SQL = withUser(
  `INSERT INTO sessions (session_id, project_id, user_id, token_hash, started_at, last_accessed_at,
     expires_at, factors, attributes, roles)
   SELECT $1, $2, u.user_id, $4, $5, $5, $6, $7, $8, u.roles FROM users u
   WHERE u.user_id = $3 AND ($9::integer IS NULL OR u.owner_epoch = $9)
   FOR SHARE OF u`,
);

/**
 * How stale `last_accessed_at` may be before an access writes it again. A refresh that neither
 * extends the session nor comes this long after the recorded access only reads the row: most
 * refreshes (a backend checking the session on each of its requests, a page refreshing on every
 * load) then cost PostgreSQL no write, no WAL and no commit flush. Revocation is unaffected: the
 * read checks `revoked_at` like the write does.
 */
export const ACCESS_RECORD_SECONDS = 60;

const liveSql = (keyColumn: 'token_hash' | 'session_id'): string =>
  `project_id = $1 AND ${keyColumn} = $2 AND revoked_at IS NULL AND expires_at > $3`;
const USER_VERSION_SQL = '(SELECT u.version::text FROM users u WHERE u.user_id = sessions.user_id)';

/**
 * The live row, whether its recorded access is older than $4, and its user's version (not the
 * user: building its JSON costs PostgreSQL several times this whole statement). The common refresh.
 */
const readLiveSql = (keyColumn: 'token_hash' | 'session_id'): string =>
  `SELECT ${SESSION_COLUMNS}, xmin::text AS row_version, last_accessed_at <= $4::timestamptz AS stale,
     ${USER_VERSION_SQL} AS user_version
   FROM sessions WHERE ${liveSql(keyColumn)}`;
const READ_LIVE_BY_HASH_SQL = readLiveSql('token_hash');
const READ_LIVE_BY_ID_SQL = readLiveSql('session_id');

/**
 * `readLiveSql` without the row's columns, for a caller that holds the row at some version: when
 * the version is still the same, the columns are what it holds. Leaving out three timestamps and
 * three JSON columns saves PostgreSQL their output and the provider their parsing.
 */
const readVersionSql = (keyColumn: 'token_hash' | 'session_id'): string =>
  `SELECT session_id, xmin::text AS row_version, last_accessed_at <= $4::timestamptz AS stale,
     ${USER_VERSION_SQL} AS user_version
   FROM sessions WHERE ${liveSql(keyColumn)}`;
const READ_VERSION_BY_HASH_SQL = readVersionSql('token_hash');
const READ_VERSION_BY_ID_SQL = readVersionSql('session_id');

/**
 * `xmin` values that do not name one write: the bootstrap and frozen transaction ids, which a row
 * frozen by a PostgreSQL older than 9.4 reports whatever wrote it. A row read with such a version
 * is read whole. (Other values name one write; they repeat only after 2^32 transactions.)
 */
const SHARED_XMINS = new Set(['1', '2']);

/** Whether a row version (`xmin`) names one write, so that an equal version means an equal row. */
const namesOneWrite = (rowVersion: string): boolean => !SHARED_XMINS.has(rowVersion);

/** Records the access (and the new expiry $4, when given) of the live row; answers it as `readLiveSql`. */
const recordLiveSql = (keyColumn: 'token_hash' | 'session_id'): string =>
  `UPDATE sessions SET last_accessed_at = $3, expires_at = COALESCE($4::timestamptz, expires_at)
   WHERE ${liveSql(keyColumn)}
   RETURNING ${SESSION_COLUMNS}, xmin::text AS row_version, false AS stale, ${USER_VERSION_SQL} AS user_version`;
const RECORD_LIVE_BY_HASH_SQL = recordLiveSql('token_hash');
const RECORD_LIVE_BY_ID_SQL = recordLiveSql('session_id');

const USER_WITH_VERSION_SQL = `SELECT u.version::text AS user_version, ${userJsonSql('$1')} AS user_json
   FROM users u WHERE u.user_id = $1`;

type LiveRow = SessionRow & { row_version: string; stale: boolean; user_version: string | null };
type LiveVersion = Pick<LiveRow, 'session_id' | 'row_version' | 'stale' | 'user_version'>;

/** What a caller of `touchLiveSession` holds from an earlier call: the user's version, the row at a version. */
export type HeldSession = {
  userVersion?: string | undefined;
  row?: { version: string; row: SessionRow } | undefined;
};

/**
 * A touched session: its row, the row's version (`xmin`: the transaction that wrote it, which every
 * write changes), whether that is the version of the row the caller held (`sameAsHeld`: the columns
 * are the held ones), the version of its user (null when the user is gone) and the user's JSON,
 * null when the user is gone or still has the version the caller gave.
 */
export type TouchedSession = SessionRow & {
  row_version: string;
  sameAsHeld: boolean;
  user_version: string | null;
  user_json: UserJson | null;
};

/**
 * Records an access to the live session of a project named by its token hash or (a verified JWT)
 * its id, moving `expires_at` when a new expiry is given; answers it with its user, or null when
 * there is no live session. `last_accessed_at` is written when the expiry moves or the recorded
 * access is `ACCESS_RECORD_SECONDS` old; in between the session is only read (one statement, no
 * write) and answers the recorded access. A write checks liveness again, so a revocation that lands
 * between the read and the write still refuses the session. With `held.row`, the read asks for the
 * row's version only and answers the held row while the version is the same (a second statement
 * reads the row when it moved); with `held.userVersion`, the user's JSON is not built (null) while
 * the user still has that version; otherwise a second statement reads it.
 */
export async function touchLiveSession(
  db: Queryable,
  projectId: string,
  key: { tokenHash: string } | { sessionId: string },
  now: Date,
  expiresAt?: Date,
  held: HeldSession = {},
): Promise<TouchedSession | null> {
  const byHash = 'tokenHash' in key;
  const keyValue = byHash ? key.tokenHash : key.sessionId;
  const record = async () =>
    (
      await db.query<LiveRow>(byHash ? RECORD_LIVE_BY_HASH_SQL : RECORD_LIVE_BY_ID_SQL, [
        projectId,
        keyValue,
        now,
        expiresAt ?? null,
      ])
    )[0];
  const recordedBefore = new Date(now.getTime() - ACCESS_RECORD_SECONDS * 1000);
  const read = async () =>
    (
      await db.query<LiveRow>(byHash ? READ_LIVE_BY_HASH_SQL : READ_LIVE_BY_ID_SQL, [
        projectId,
        keyValue,
        now,
        recordedBefore,
      ])
    )[0];
  let row: LiveRow | undefined;
  let sameAsHeld = false;
  if (expiresAt) row = await record();
  else if (held.row) {
    const [version] = await db.query<LiveVersion>(
      byHash ? READ_VERSION_BY_HASH_SQL : READ_VERSION_BY_ID_SQL,
      [projectId, keyValue, now, recordedBefore],
    );
    if (!version) return null;
    if (version.stale) row = await record();
    else if (
      version.row_version === held.row.version &&
      version.session_id === held.row.row.session_id &&
      namesOneWrite(version.row_version)
    ) {
      row = Object.assign({}, held.row.row, version);
      sameAsHeld = true;
    } else row = await read();
  } else {
    row = await read();
    if (row?.stale) row = await record();
  }
  if (!row) return null;
  // The statement's row (or the copy above) is this call's own, so the answer is completed in
  // place (Object.assign, not `{ ...session, user_json }`: see `successResponse` on such literals).
  const { stale: _stale, ...session } = row;
  if (session.user_version === null || session.user_version === held.userVersion)
    return Object.assign(session, { sameAsHeld, user_json: null });
  const [user] = await db.query<{ user_version: string; user_json: UserJson }>(USER_WITH_VERSION_SQL, [
    session.user_id,
  ]);
  return Object.assign(session, {
    sameAsHeld,
    user_version: user?.user_version ?? null,
    user_json: user?.user_json ?? null,
  });
}

const TOUCH_SQL = withUser(
  `UPDATE sessions SET last_accessed_at = $2,
     expires_at = COALESCE($3::timestamptz, expires_at),
     factors = COALESCE($4::jsonb, factors)
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
  ]);
  return row ?? null;
}

/**
 * Records an access of a live session; moves `expires_at` and replaces the factors when given.
 * Answers the row and user, or null when the session ended meanwhile (a claim revoked it).
 */
export async function touchSession(
  db: Queryable,
  sessionId: string,
  now: Date,
  changes: { expiresAt?: Date; factors?: AuthenticationFactor[] } = {},
): Promise<SessionWithUser | null> {
  const [row] = await db.query<SessionWithUser>(TOUCH_SQL, [
    sessionId,
    now,
    changes.expiresAt ?? null,
    changes.factors ? JSON.stringify(changes.factors) : null,
  ]);
  return row ?? null;
}
