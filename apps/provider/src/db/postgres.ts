import pg from 'pg';
import type { Db, Queryable, Row } from './Db';
import { statementNames } from './statementNames';

const INT8_OID = 20;

/** PostgreSQL through a pool, for `DATABASE_URL`; several provider processes can share one database. */
export function openPostgresDb(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // count(*) and bigint columns come back as numbers, as they do on PGlite.
    types: {
      getTypeParser: (oid, format) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)),
    },
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Named statements: each connection parses and plans a text once, then only binds and executes.
  const nameOf = statementNames();
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const name = nameOf(sql);
      const values = [...params];
      return (await client.query<T>(name === null ? { text: sql, values } : { name, text: sql, values }))
        .rows;
    },
    async exec(sql) {
      await client.query(sql);
    },
  });
  const root = wrap(pool);
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
