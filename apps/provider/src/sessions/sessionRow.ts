import type { AuthenticationFactor, Session } from '@latch/api';
import type { Queryable } from '../db/Db';

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

/** A row in the API.md `Session` shape. */
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

/** The live session of a project with this id (a verified JWT names it), or null. */
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

/** Records an access; moves `expires_at` when a new expiry is given. Answers the updated row. */
export async function touchSession(
  db: Queryable,
  sessionId: string,
  now: Date,
  changes: { expiresAt?: Date; factors?: AuthenticationFactor[] } = {},
): Promise<SessionRow> {
  const [row] = await db.query<SessionRow>(
    `UPDATE sessions SET last_accessed_at = $2,
       expires_at = COALESCE($3::timestamptz, expires_at),
       factors = COALESCE($4::jsonb, factors)
     WHERE session_id = $1 RETURNING ${SESSION_COLUMNS}`,
    [sessionId, now, changes.expiresAt ?? null, changes.factors ? JSON.stringify(changes.factors) : null],
  );
  if (!row) throw new Error(`session ${sessionId} vanished during an update`);
  return row;
}
