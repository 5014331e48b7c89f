import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';

/** What a backend update may change; absent fields stay as they are. */
export interface UserChanges {
  /** Name parts given replace the stored ones; parts absent stay. */
  name?: { first_name?: string; middle_name?: string; last_name?: string } | undefined;
  /** Top-level keys given replace the stored ones; a key set to `null` is removed. */
  trusted_metadata?: Record<string, unknown> | undefined;
  untrusted_metadata?: Record<string, unknown> | undefined;
  /** The app's own id of the user; unique within the project (`duplicate_external_id`). */
  external_id?: string | undefined;
}

/** `stored || given`, then the keys whose value is JSON null dropped (the update's way to remove a key). */
const mergedMetadata = (column: string, param: string): string =>
  `CASE WHEN ${param}::jsonb IS NULL THEN ${column} ELSE (
     SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
     FROM jsonb_each(${column} || ${param}::jsonb) WHERE value <> 'null'::jsonb) END`;

const UPDATE_USER_SQL = `UPDATE users SET
    name = name || $3::jsonb,
    trusted_metadata = ${mergedMetadata('trusted_metadata', '$4')},
    untrusted_metadata = ${mergedMetadata('untrusted_metadata', '$5')},
    external_id = COALESCE($6, external_id)
  WHERE project_id = $1 AND user_id = $2
  RETURNING user_id`;

export const duplicateExternalId = (): AuthError =>
  new AuthError('duplicate_external_id', 'Another user of this project has this external_id.');

/** PostgreSQL's unique violation on `users_external_id_idx` (PGlite and postgres.js both carry the code). */
export const isExternalIdConflict = (error: unknown): boolean =>
  error instanceof Error &&
  'code' in error &&
  error.code === '23505' &&
  error.message.includes('users_external_id_idx');

/** Applies `changes` to a user of the project in one statement; false when there is no such user. */
export async function updateUser(
  db: Queryable,
  projectId: string,
  userId: string,
  changes: UserChanges,
): Promise<boolean> {
  const json = (value: object | undefined) => (value === undefined ? null : JSON.stringify(value));
  const rows = await db
    .query(UPDATE_USER_SQL, [
      projectId,
      userId,
      JSON.stringify(changes.name ?? {}),
      json(changes.trusted_metadata),
      json(changes.untrusted_metadata),
      changes.external_id ?? null,
    ])
    .catch((error: unknown) => {
      throw isExternalIdConflict(error) ? duplicateExternalId() : error;
    });
  return rows.length > 0;
}
