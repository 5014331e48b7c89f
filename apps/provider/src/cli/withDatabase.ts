import type { Db } from '../db/Db';
import { openDb } from '../db/openDb';
import { readEnv } from '../env';
import type { CliIo } from './Command';

/** Opens the provider's database as the environment names it, runs `fn`, and closes it. */
export async function withDatabase<T>(io: CliIo, fn: (db: Db) => Promise<T>): Promise<T> {
  const env = readEnv(io.env);
  const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
