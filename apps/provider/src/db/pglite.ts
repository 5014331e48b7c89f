import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './Db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await target.query<T>(sql, [...params])).rows;
    },
    async exec(sql) {
      await target.exec(sql);
    },
  };
}

/** Embedded PostgreSQL in `dataDir`, or in memory when no folder is given (tests, msw). */
export async function openPGliteDb(dataDir?: string): Promise<Db> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
