import postgres from 'postgres';
import type { Db, Queryable, Row } from './Db';
import { statementNames } from './statementNames';

const INT8_OID = 20;
const JSON_OID = 114;
const JSONB_OID = 3802;

/**
 * A json/jsonb parameter as the callers send it: text they serialized themselves goes as it is
 * (the driver's own serializer would quote it into a JSON string); anything else is serialized.
 */
const jsonParameter = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
const parseJson = (text: string): unknown => JSON.parse(text);

/**
 * Connections per provider process. postgres.js sends the queries queued on a connection in one
 * socket write per event-loop turn and reads their answers in one read, so fewer connections
 * carry more queries per system call and wake idle PostgreSQL backends less often: 1.59 → 1.48
 * write calls per session refresh under load, with 10 → 6 (docs/performance.md). With 4, the
 * passcode sign-in's throughput became erratic: a query waits behind the others sent down its
 * connection, and some of those wait for a row lock (probably the rate-limit budget every send
 * of a project shares). A transaction holds one connection until it ends.
 */
export const POOL_SIZE = 6;

/** What a query needs of the pool or of a transaction's connection. */
interface Client {
  unsafe(text: string, params?: never[], options?: postgres.UnsafeQueryOptions): Promise<unknown>;
}

/**
 * PostgreSQL through postgres.js, for `DATABASE_URL`; several provider processes can share one
 * database. The pool (`POOL_SIZE` connections) pipelines the queries of concurrent requests and
 * keeps each SQL text prepared per connection: parsed and planned once, then only bound and executed.
 */
export function openPostgresDb(connectionString: string): Db {
  const sql = postgres(connectionString, {
    max: POOL_SIZE,
    // Notices (e.g. "relation already exists, skipping" of the migrations) are not the provider's output.
    onnotice: () => undefined,
    types: {
      // count(*) and bigint columns come back as numbers, as they do on PGlite.
      bigint: { to: INT8_OID, from: [INT8_OID], serialize: String, parse: Number },
      json: { to: JSON_OID, from: [JSON_OID], serialize: jsonParameter, parse: parseJson },
      jsonb: { to: JSONB_OID, from: [JSONB_OID], serialize: jsonParameter, parse: parseJson },
    },
  });
  // Past the limit (SQL built from varying text), statements run unnamed rather than grow every
  // connection's statement cache without bound.
  const nameOf = statementNames();
  const wrap = (client: Client): Queryable => ({
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const prepare = nameOf(text) !== null;
      // postgres.js types parameters by its own custom types; ours are plain values it serializes
      // by the types the server describes for the statement.
      return (await client.unsafe(text, params as never[], { prepare })) as T[];
    },
    async exec(text) {
      // No parameters: the simple protocol, which runs several statements in one text.
      await client.unsafe(text);
    },
  });
  const root = wrap(sql);
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    // BEGIN on a connection of its own, COMMIT when `fn` resolves, ROLLBACK when it throws (rethrown).
    async transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      // `begin` answers what `fn` resolved to; its type only unwraps arrays of promises, which `fn` awaited.
      return (await sql.begin((tx) => fn(wrap(tx)))) as R;
    },
    close: () => sql.end(),
  };
}
