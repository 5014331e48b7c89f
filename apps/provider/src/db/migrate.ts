import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import type { Db, Queryable } from './Db';

/** Any fixed number: every provider process takes the same lock before it migrates. */
const MIGRATION_LOCK_KEY = 74_128_301;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match?.[1] || !match[2])
        throw new Error(`${join(dir, file)}: migration files are named NNN_name.sql`);
      return { version: match[1], name: match[2], sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/**
 * Applies pending migrations in order, in one transaction, under an advisory lock so two processes
 * starting on one database take turns. Answers the versions it applied.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await renumberByName(tx, migrations);
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

/**
 * A migration is known by its name; its number only orders it. Databases that recorded a migration
 * under an earlier number (the files were renumbered to close a gap) keep it as applied.
 */
async function renumberByName(tx: Queryable, migrations: Migration[]): Promise<void> {
  for (const { version, name } of migrations) {
    await tx.query('UPDATE schema_migrations SET version = $1 WHERE name = $2 AND version <> $1', [
      version,
      name,
    ]);
  }
}

/**
 * The shipped migrations the database has not recorded, as `NNN_name` (known by name, as above).
 * A database without the bookkeeping table has them all pending.
 */
export async function pendingMigrations(db: Queryable, migrations: readonly Migration[]): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  const recorded = table?.present
    ? new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name))
    : new Set<string>();
  return migrations.filter((m) => !recorded.has(m.name)).map((m) => `${m.version}_${m.name}`);
}
