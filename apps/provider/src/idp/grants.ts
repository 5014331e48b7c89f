import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';

/** What a redeemed authorization code granted: the tokens issued from it all name it. */
export interface Grant {
  grant_id: string;
  user_id: string;
  client_id: string;
  scopes: string[];
  /** Seconds since the epoch. */
  auth_time: number;
}

type GrantRow = Omit<Grant, 'auth_time'> & { auth_time: Date | string };

const toGrant = (row: GrantRow): Grant => ({
  grant_id: row.grant_id,
  user_id: row.user_id,
  client_id: row.client_id,
  scopes: row.scopes,
  auth_time: Math.floor(new Date(row.auth_time).getTime() / 1000),
});

export async function createGrant(
  db: Queryable,
  input: {
    project: ProjectRef;
    userId: string;
    clientId: string;
    scopes: string[];
    authTime: number;
    codeHash: string;
    now: Date;
  },
): Promise<Grant> {
  const grant: Grant = {
    grant_id: newId('grant', input.project.test),
    user_id: input.userId,
    client_id: input.clientId,
    scopes: input.scopes,
    auth_time: input.authTime,
  };
  await db.query(
    `INSERT INTO idp_grants (grant_id, project_id, user_id, client_id, scopes, auth_time, code_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      grant.grant_id,
      input.project.project_id,
      grant.user_id,
      grant.client_id,
      JSON.stringify(grant.scopes),
      new Date(grant.auth_time * 1000),
      input.codeHash,
      input.now,
    ],
  );
  return grant;
}

/** The grant, unless it was revoked (or never existed in this project). */
export async function findActiveGrant(
  db: Queryable,
  { projectId, grantId }: { projectId: string; grantId: string },
): Promise<Grant | null> {
  const [row] = await db.query<GrantRow>(
    `SELECT grant_id, user_id, client_id, scopes, auth_time FROM idp_grants
     WHERE grant_id = $1 AND project_id = $2 AND revoked_at IS NULL`,
    [grantId, projectId],
  );
  return row ? toGrant(row) : null;
}

/** Ends the grant: its refresh tokens stop refreshing and its access tokens stop being accepted here. */
export async function revokeGrant(
  db: Queryable,
  { projectId, grantId, now }: { projectId: string; grantId: string; now: Date },
): Promise<void> {
  await db.query(
    'UPDATE idp_grants SET revoked_at = $3 WHERE grant_id = $1 AND project_id = $2 AND revoked_at IS NULL',
    [grantId, projectId, now],
  );
}

/**
 * RFC 6749 section 4.1.2: a code used twice is denied, and what was issued from it is revoked,
 * since one of the two requests was not the client's. A code never redeemed matches nothing.
 */
export async function revokeGrantOfCode(
  db: Queryable,
  { projectId, codeHash, now }: { projectId: string; codeHash: string; now: Date },
): Promise<void> {
  await db.query(
    'UPDATE idp_grants SET revoked_at = $3 WHERE code_hash = $1 AND project_id = $2 AND revoked_at IS NULL',
    [codeHash, projectId, now],
  );
}
