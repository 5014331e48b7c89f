import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './Db';
import { pglitePreparedQuery, type PreparedQuery } from './pglitePreparedQuery';

function wrap(target: PGlite | Transaction, prepared: PreparedQuery, inTransaction: boolean): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const rows = prepared(sql, params, inTransaction);
      return rows ? ((await rows) as T[]) : (await target.query<T>(sql, [...params])).rows;
    },
    async exec(sql) {
      await target.exec(sql);
    },
  };
}

/** A PGlite instance as a `Db` (its `close` closes the instance). */
export function pgliteDb(pg: PGlite): Db {
  const prepared = pglitePreparedQuery(pg);
  const root = wrap(pg, prepared, false);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx, prepared, true))),
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
