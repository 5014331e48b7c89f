import { readPGliteDump } from '@latch/test-support/pglite';
import { inject } from 'vitest';
import type { Db, Row } from '../src/db/Db';
import { migrate } from '../src/db/migrate';
import { openPGliteDb } from '../src/db/pglite';
import './postgresContext';

/** A PGlite instance this worker loaded from the dump, and what its schema read then. */
interface PooledPGlite {
  db: Db;
  schema: string;
}

/**
 * Migrated PGlite instances no test file holds any more, emptied, for the next file of this
 * worker. Loading the dump costs about a second of CPU, and the files that load one made up about
 * half of this project's CPU time. Files of one worker run one after another (`isolate: false`
 * shares this module between them), so handing instances over needs no lock.
 */
const idlePGlite: PooledPGlite[] = [];

/** A migrated PGlite database: an emptied one this worker had, else one loaded from the run's dump. */
export async function reusablePGlite(): Promise<Db> {
  const pooled = idlePGlite.pop() ?? (await loadMigratedPGlite());
  const { db } = pooled;
  await migrate(db); // A no-op, as on the dump: it proves the instance migrated.
  let closed = false;
  const open = () => {
    if (closed) throw new Error('PGlite is closed');
  };
  return {
    kind: db.kind,
    async query<T extends Row>(sql: string, params?: readonly unknown[]) {
      open();
      return db.query<T>(sql, params);
    },
    async exec(sql) {
      open();
      return db.exec(sql);
    },
    async transaction(fn) {
      open();
      return db.transaction(fn);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (await emptied(pooled)) idlePGlite.push(pooled);
      else await db.close();
    },
  };
}

async function loadMigratedPGlite(): Promise<PooledPGlite> {
  const db = await openPGliteDb(undefined, { loadDataDir: readPGliteDump(inject('pgliteDump')) });
  return { db, schema: await schemaOf(db) };
}

/** Tables, columns and indexes of the public schema, and the migrations recorded, as one string. */
async function schemaOf(db: Db): Promise<string> {
  const rows = await db.query<{ schema: string }>(
    `SELECT concat_ws('|',
       (SELECT string_agg(table_name || '.' || column_name || ':' || data_type, ',' ORDER BY table_name, column_name)
          FROM information_schema.columns WHERE table_schema = 'public'),
       (SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes WHERE schemaname = 'public'),
       (SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_migrations)) AS schema`,
  );
  return rows[0]?.schema ?? '';
}

/**
 * Puts a released instance back as the dump left it: no rows but the migrations' record, identity
 * counters restarted, no session settings, advisory locks or temporary tables. Answers false (the
 * instance is not to be reused) when that fails or a test changed the schema.
 */
async function emptied({ db, schema }: PooledPGlite): Promise<boolean> {
  try {
    const tables = await db.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables
       WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
    );
    await db.exec(
      `TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE;
       RESET ALL; SELECT pg_advisory_unlock_all(); DISCARD TEMP;`,
    );
    return (await schemaOf(db)) === schema;
  } catch {
    return false;
  }
}
