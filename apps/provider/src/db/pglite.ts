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

/** A PGlite instance as a `Db` (its `close` closes the instance). */
export function pgliteDb(pg: PGlite): Db {
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

/**
 * Embedded PostgreSQL in `dataDir`, or in memory when no folder is given (tests, msw).
 * `loadDataDir` starts from a `dumpDataDir` copy instead of an empty cluster (tests: no initdb).
 */
export async function openPGliteDb(
  dataDir?: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Promise<Db> {
  const pg = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await pg.waitReady;
  return pgliteDb(pg);
}
