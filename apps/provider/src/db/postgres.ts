import postgres from 'postgres';
import type { Db, Queryable, Row } from './Db';
import { postgresTarget } from './postgresTarget';
import { statementNames } from './statementNames';
import { observePool, poolUse } from '../metrics/metrics';

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

/** The fewest connections a worker of `LATCH_WORKERS` keeps: one may hold a transaction. */
const MIN_WORKER_POOL_SIZE = 3;

/**
 * Connections per process when `workers` processes serve the port: the provider's `POOL_SIZE`
 * shared out among them, at least `MIN_WORKER_POOL_SIZE` each. Every connection is a PostgreSQL
 * backend process, and on a machine the workers share with PostgreSQL more backends mean more
 * processes to wake and switch between for the same queries. Two workers on two cores with 3
 * connections each against 6 each, alternated: faster in 6 rounds of 6 (session refreshes, about
 * 6,000 against 5,000 a second), 15 % less provider CPU and 20 % less PostgreSQL CPU per refresh,
 * passcode sign-ins no slower (docs/performance.md).
 */
export const connectionsPerProcess = (workers: number): number =>
  Math.max(MIN_WORKER_POOL_SIZE, Math.ceil(POOL_SIZE / Math.max(1, workers)));

/** What a query needs of the pool or of a transaction's connection. */
interface Client {
  unsafe(text: string, params?: never[], options?: postgres.UnsafeQueryOptions): Promise<unknown>;
}

/**
 * PostgreSQL through postgres.js, for `DATABASE_URL`; several provider processes can share one
 * database. `size` connections (`POOL_SIZE` unless told), each its own single-connection
 * postgres.js instance (see `leastBusy`), pipeline the queries of concurrent requests and keep each
 * SQL text prepared per connection: parsed and planned once, then only bound and executed.
 */
export function openPostgresDb(connectionString: string, size = POOL_SIZE): Db {
  const { url, host } = postgresTarget(connectionString);
  const connections = Array.from({ length: size }, () =>
    postgres(url, {
      max: 1,
      // A path connects to the socket `<folder>/.s.PGSQL.<port>`.
      ...(host ? { host } : {}),
      // Notices (e.g. "relation already exists, skipping" of the migrations) are not the provider's output.
      onnotice: () => undefined,
      types: {
        // count(*) and bigint columns come back as numbers, as they do on PGlite.
        bigint: { to: INT8_OID, from: [INT8_OID], serialize: String, parse: Number },
        json: { to: JSON_OID, from: [JSON_OID], serialize: jsonParameter, parse: parseJson },
        jsonb: { to: JSONB_OID, from: [JSONB_OID], serialize: jsonParameter, parse: parseJson },
      },
    }),
  );
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
  const pool = leastBusy(connections.map((sql) => ({ sql, client: wrap(sql) })));
  const unobserve = observePool(() => poolUse(pool.state()));
  return {
    kind: 'postgres',
    query: (text, params) => pool.run(({ client }) => client.query(text, params)),
    exec: (text) => pool.run(({ client }) => client.exec(text)),
    // BEGIN on one connection, COMMIT when `fn` resolves, ROLLBACK when it throws (rethrown).
    // Other queries go to the other connections meanwhile.
    async transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      // `begin` answers what `fn` resolved to; its type only unwraps arrays of promises, which `fn` awaited.
      return pool.run(async ({ sql }) => (await sql.begin((tx) => fn(wrap(tx)))) as R, true);
    },
    close: async () => {
      unobserve();
      await Promise.all(connections.map((sql) => sql.end()));
    },
  };
}

/**
 * Chooses the connection for each query: the one with the fewest queries in flight that is not in
 * a transaction (any, when all are). One postgres.js instance per connection rather than one pool
 * of `POOL_SIZE`: the pool moves its connections between queues whose `remove` scans an array that,
 * while two or more connections are busy, keeps a slot for every query sent until it drains, which
 * under steady load it may never do, so the driver's CPU per query keeps growing; with one
 * connection per instance each of those queues holds at most one entry (postgres.js 3.4.9).
 */
export function leastBusy<T>(items: readonly T[]) {
  const slots = items.map((item) => ({ item, inFlight: 0, inTransaction: false }));
  type Slot = (typeof slots)[number];
  const better = (a: Slot, b: Slot): boolean =>
    a.inTransaction === b.inTransaction ? a.inFlight < b.inFlight : !a.inTransaction;
  const pick = (): Slot => {
    let best: Slot | undefined;
    for (const slot of slots) if (!best || better(slot, best)) best = slot;
    if (!best) throw new Error('leastBusy needs at least one connection');
    return best;
  };
  return {
    async run<R>(fn: (item: T) => Promise<R>, transaction = false): Promise<R> {
      const slot = pick();
      slot.inFlight++;
      if (transaction) slot.inTransaction = true;
      try {
        return await fn(slot.item);
      } finally {
        slot.inFlight--;
        if (transaction) slot.inTransaction = false;
      }
    },
    /** Queries in flight per connection, and whether it holds a transaction (for tests). */
    state: () => slots.map(({ inFlight, inTransaction }) => ({ inFlight, inTransaction })),
  };
}
