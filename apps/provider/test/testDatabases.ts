import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Db } from '../src/db/Db';
import { migrate } from '../src/db/migrate';
import { openPGliteDb } from '../src/db/pglite';
import { openPostgresDb } from '../src/db/postgres';
import './postgresContext';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: readonly DbKind[] = ['pglite', 'postgres'];

/** A fresh, empty PostgreSQL database on the test cluster; throws the setup's reason when there is none. */
export async function createPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresUrl');
  if (!adminUrl)
    throw new Error(`PostgreSQL tests cannot run: ${inject('postgresError') ?? 'no server was started'}`);
  const name = `latch_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database of either kind: PGlite loaded from the run's migrated dump (no initdb), or a
 * new database on the test cluster, migrated.
 */
export async function openMigratedTestDb(kind: DbKind): Promise<Db> {
  const db =
    kind === 'pglite'
      ? await openPGliteDb(undefined, { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) })
      : await openPostgresDb(await createPostgresDatabase());
  // A no-op on the dump; applies everything on a new PostgreSQL database.
  await migrate(db);
  return db;
}

/** An empty database of either kind (PGlite in memory, or a new database on the test cluster). */
export async function openTestDb(kind: DbKind): Promise<Db> {
  return kind === 'pglite' ? openPGliteDb() : openPostgresDb(await createPostgresDatabase());
}
