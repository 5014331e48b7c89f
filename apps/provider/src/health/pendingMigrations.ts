import type { Queryable } from '../db/Db';
import { readMigrations, type Migration } from '../db/migrate';

/**
 * The migrations this build ships that the database has not recorded, by name (a name is how a
 * migration is known; its number only orders it). A database without the bookkeeping table has
 * them all pending.
 */
export async function pendingMigrations(
  db: Queryable,
  migrations: readonly Migration[] = readMigrations(),
): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  const recorded = table?.present
    ? new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name))
    : new Set<string>();
  return migrations.filter((m) => !recorded.has(m.name)).map((m) => `${m.version}_${m.name}`);
}
