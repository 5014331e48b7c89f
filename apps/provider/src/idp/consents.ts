import type { Queryable } from '../db/Db';

export interface ConsentKey {
  projectId: string;
  userId: string;
  clientId: string;
}

/** The scopes this user has granted this client so far (empty when never). */
export async function grantedScopes(db: Queryable, key: ConsentKey): Promise<string[]> {
  const [row] = await db.query<{ scopes: string[] }>(
    'SELECT scopes FROM idp_consents WHERE project_id = $1 AND user_id = $2 AND client_id = $3',
    [key.projectId, key.userId, key.clientId],
  );
  return row?.scopes ?? [];
}

/** Adds `scopes` to the grant (a grant only widens; revoking is not part of the SDK API). */
export async function storeConsent(
  db: Queryable,
  key: ConsentKey,
  scopes: string[],
  now: Date,
): Promise<void> {
  const merged = [...new Set([...(await grantedScopes(db, key)), ...scopes])];
  await db.query(
    `INSERT INTO idp_consents (project_id, user_id, client_id, scopes, granted_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id, user_id, client_id) DO UPDATE SET scopes = EXCLUDED.scopes, granted_at = EXCLUDED.granted_at`,
    [key.projectId, key.userId, key.clientId, JSON.stringify(merged), now],
  );
}
