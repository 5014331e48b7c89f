import { randomBytes } from 'node:crypto';
import { readPGliteDump } from '@latch/test-support/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Db } from '../src/db/Db';
import { migrate } from '../src/db/migrate';
import { openPGliteDb } from '../src/db/pglite';
import { openPostgresDb } from '../src/db/postgres';
import { reusablePGlite } from './reusablePGlite';
import './postgresContext';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: readonly DbKind[] = ['pglite', 'postgres'];

/**
 * A new PostgreSQL database on the test cluster, empty or a copy of `template`; throws the setup's
 * reason when there is no cluster.
 */
export async function createPostgresDatabase(template?: string | null): Promise<string> {
  const adminUrl = inject('postgresUrl');
  if (!adminUrl)
    throw new Error(`PostgreSQL tests cannot run: ${inject('postgresError') ?? 'no server was started'}`);
  const name = `latch_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database of either kind: PGlite from this worker's pool of emptied instances or loaded
 * from the run's migrated dump (no initdb), or a new database on the test cluster copied from the
 * run's migrated template.
 */
export async function openMigratedTestDb(kind: DbKind): Promise<Db> {
  if (kind === 'pglite') return reusablePGlite();
  const db = openPostgresDb(await createPostgresDatabase(inject('postgresTemplate')));
  // A no-op on the template's copy: it proves the copy complete, as it does on the dump.
  await migrate(db);
  return db;
}

/**
 * An empty database of either kind: PGlite in memory, loaded from the run's dump of a cluster as
 * initdb leaves it (no initdb here), or a new database on the test cluster.
 */
export async function openTestDb(kind: DbKind): Promise<Db> {
  if (kind === 'postgres') return openPostgresDb(await createPostgresDatabase());
  return openPGliteDb(undefined, { loadDataDir: readPGliteDump(inject('pgliteEmptyDump')) });
}
