import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase } from '../../test/testDatabases';
import type { Db } from './Db';
import { openDb } from './openDb';
import { connectionsPerProcess, leastBusy, openPostgresDb, POOL_SIZE } from './postgres';

/** Whether the process `pid` of this machine is gone (signal 0 only checks that it exists). */
function exited(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

// What the PostgreSQL driver must answer as PGlite does, and survive, beyond the shared
// prepared-statement suite (preparedStatements.test.ts).
describe('PostgreSQL driver', () => {
  let url: string;
  let db: Db;
  beforeAll(async () => {
    url = await createPostgresDatabase();
    db = openPostgresDb(url);
  }, 60_000);
  afterAll(() => db?.close());

  it('answers bigint and count(*) as numbers, timestamptz as Date, json and jsonb parsed', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const [row] = await db.query(
      `SELECT $1::bigint AS big, count(*) AS n, $2::timestamptz AS at, $3::json AS j, $4::jsonb AS jb
       FROM generate_series(1, 3)`,
      [9_007_199_254_740_991, at, JSON.stringify({ a: [1, 'x'] }), JSON.stringify('text')],
    );
    expect(row).toEqual({ big: 9_007_199_254_740_991, n: 3, at, j: { a: [1, 'x'] }, jb: 'text' });
  });

  // A server given by LATCH_TEST_DATABASE_URL has no socket the tests know of.
  it.skipIf(!inject('postgresSocketUrl'))(
    "connects through a Unix socket named by libpq's host parameter",
    async () => {
      const socketUrl = new URL(inject('postgresSocketUrl') ?? '');
      socketUrl.pathname = new URL(url).pathname;
      const viaSocket = openPostgresDb(socketUrl.toString());
      try {
        // The server's address is null on a Unix-socket connection, 127.0.0.1 over TCP.
        const [socket] = await viaSocket.query('SELECT inet_server_addr() AS addr, current_database() AS db');
        const [tcp] = await db.query('SELECT host(inet_server_addr()) AS addr, current_database() AS db');
        expect(socket).toEqual({ addr: null, db: tcp?.['db'] });
        expect(tcp?.['addr']).toBe('127.0.0.1');
      } finally {
        await viaSocket.close();
      }
    },
  );

  it('binds a JSON text as that JSON and any other value serialized, as node-postgres did', async () => {
    await db.exec('CREATE TABLE docs (id int PRIMARY KEY, body jsonb)');
    await db.query('INSERT INTO docs VALUES ($1, $2), ($3, $4)', [1, '{"k":1}', 2, { k: 2 }]);
    const rows = await db.query<{ text: string }>('SELECT body::text AS text FROM docs ORDER BY id');
    expect(rows.map((r) => r.text)).toEqual(['{"k": 1}', '{"k": 2}']);
  });

  it('reconnects after the server ends its idle connections, without an unhandled error', async () => {
    // Concurrent statements open several pooled connections, which then sit idle.
    const sleep = () => db.query('SELECT pg_sleep(0.05)');
    await Promise.all([sleep(), sleep(), sleep()]);
    // Another client ends them all, as a server restart or a proxy's idle timeout would.
    const other = openPostgresDb(url);
    try {
      // The select list runs after the filter, so the query's own backend is never signalled.
      const ended = await other.query<{ pid: number; signalled: boolean }>(
        `SELECT pid, pg_terminate_backend(pid) AS signalled FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(ended.filter((row) => row.signalled).length).toBeGreaterThanOrEqual(3);
      // Terminating only signals a backend; the client sees a connection end when the backend's
      // process exits and the kernel closes its socket. Wait for that, not for a guessed time (a
      // fixed 200 ms did here; with no wait at all the next statements fail with CONNECTION_CLOSED):
      // the server stops listing a backend just before its process exits, and on the test cluster,
      // which runs on this machine, the process itself is then watched until it is gone.
      const pids = ended.map((row) => row.pid);
      const listed = async () =>
        (
          await other.query<{ n: number }>('SELECT count(*) AS n FROM pg_stat_activity WHERE pid = ANY($1)', [
            pids,
          ])
        )[0]?.n;
      await expect.poll(listed, { timeout: 20_000 }).toBe(0);
      if (inject('postgresSocketUrl'))
        await expect.poll(() => pids.every(exited), { timeout: 20_000 }).toBe(true);
      // The closes are read by now; one turn of the event loop lets the driver handle them.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      await other.close();
    }
    // The next statements run on fresh connections.
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => db.query<{ i: number }>('SELECT $1::int AS i', [i])),
    );
    expect(rows.flat().map((r) => r.i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  }, 60_000);

  it('rolls back a transaction whose statement fails, and the pool keeps working', async () => {
    await db.exec('CREATE TABLE once (id int PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO once VALUES ($1)', [1]);
        await tx.query('INSERT INTO once VALUES ($1)', [1]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await db.query('SELECT id FROM once')).toEqual([]);
  });

  it('serves queries on the other connections while one holds a transaction, and spreads concurrent ones', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      const [row] = await t.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await held;
      return row?.pid;
    });
    // Twice the pool's width at once: all answered while the transaction is still open.
    const pids = await Promise.all(
      Array.from({ length: 2 * POOL_SIZE }, () =>
        db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)').then(([r]) => r?.pid),
      ),
    );
    release();
    const txPid = await tx;
    expect(pids).not.toContain(txPid);
    expect(new Set(pids).size).toBe(POOL_SIZE - 1);
  });
});

describe('connections per process', () => {
  it('gives one process the whole pool and shares it among workers, at least 3 each', () => {
    expect([1, 2, 3, 4, 16].map(connectionsPerProcess)).toEqual([POOL_SIZE, 3, 3, 3, 3]);
  });

  /** How many backends serve `db` when 12 queries arrive at once. */
  const backendsUnderLoad = async (db: Db): Promise<number> => {
    const pids = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.02)').then(([r]) => r?.pid),
      ),
    );
    return new Set(pids).size;
  };

  it('opens no more connections than it is given, however many queries arrive at once', async () => {
    const small = openPostgresDb(await createPostgresDatabase(), 3);
    try {
      expect(await backendsUnderLoad(small)).toBe(3);
    } finally {
      await small.close();
    }
  }, 60_000);

  it("opens a worker's share when the provider runs workers", async () => {
    const url = await createPostgresDatabase();
    const worker = await openDb({ databaseUrl: url, dataDir: '/nonexistent', workers: 2 });
    const single = await openDb({ databaseUrl: url, dataDir: '/nonexistent' });
    try {
      expect(await backendsUnderLoad(worker)).toBe(3);
      expect(await backendsUnderLoad(single)).toBe(POOL_SIZE);
    } finally {
      await Promise.all([worker.close(), single.close()]);
    }
  }, 60_000);
});

describe('leastBusy', () => {
  it('gives each call the connection with the fewest in flight, and a transaction one of its own', async () => {
    const pool = leastBusy(['a', 'b', 'c']);
    const gates: (() => void)[] = [];
    const hold = (item: string) =>
      new Promise<string>((resolve) => {
        gates.push(() => resolve(item));
      });
    const first = pool.run(hold, true);
    const next = [pool.run(hold), pool.run(hold), pool.run(hold)];
    expect(pool.state()).toEqual([
      { inFlight: 1, inTransaction: true },
      { inFlight: 2, inTransaction: false },
      { inFlight: 1, inTransaction: false },
    ]);
    // Only connections in transactions left: the least busy of them.
    const all = leastBusy(['x']);
    const inTx = all.run(async () => 'x', true);
    expect(await all.run(async (item) => item)).toBe('x');
    await inTx;
    gates.forEach((open) => open());
    expect(await first).toBe('a');
    expect(await Promise.all(next)).toEqual(['b', 'c', 'b']);
    expect(pool.state().every((s) => s.inFlight === 0 && !s.inTransaction)).toBe(true);
  });
});
