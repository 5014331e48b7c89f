import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/Db';
import { openDb } from '../db/openDb';
import type { ProviderEnv } from '../env';

/** A database a command reads, refused when there is none yet or it was never migrated. */
export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

/**
 * The server's database, for commands that only use what a start has made: an embedded database
 * is never created here (opening an empty folder would run initdb).
 */
export async function openExistingDb(env: Pick<ProviderEnv, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const folder = join(env.dataDir, 'pglite');
  if (!env.databaseUrl && !existsSync(join(folder, 'PG_VERSION')))
    throw new NoDatabaseError(`no embedded database in ${folder} (set LATCH_DATA_DIR, or DATABASE_URL)`);
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('signing_keys')::text AS name");
  if (!table?.name) {
    await db.close();
    throw new NoDatabaseError(
      'the database is not migrated yet: run "latch migrate" (or start the provider) first',
    );
  }
  return db;
}
