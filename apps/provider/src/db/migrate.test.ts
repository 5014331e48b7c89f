import { afterAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createPostgresDatabase, openTestDb } from '../../test/testDatabases';
import type { Db } from './Db';
import { migrate, readMigrations } from './migrate';
import { openPostgresDb } from './postgres';

const TABLES = [
  'event_totals',
  'events',
  'idp_consents',
  'idp_grants',
  'idp_refresh_tokens',
  'one_time_tokens',
  'outbox',
  'rate_limits',
  'schema_migrations',
  'sessions',
  'signing_keys',
  'user_crypto_wallets',
  'user_emails',
  'user_oauth_providers',
  'user_phone_numbers',
  'users',
  'webauthn_registrations',
];

describe.each(DB_KINDS)('storage on %s', (kind) => {
  const opened: Db[] = [];
  const open = async () => {
    const db = await openTestDb(kind);
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
  });

  it('creates every table once; a second run applies nothing', async () => {
    const db = await open();
    expect(await migrate(db)).toEqual(readMigrations().map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual(TABLES);
    expect(await db.query('SELECT version, name FROM schema_migrations ORDER BY version')).toEqual(
      readMigrations().map((m) => ({ version: m.version, name: m.name })),
    );
  }, 60_000);

  it('keeps rate-limit counters out of the write-ahead log, and every other table in it', async () => {
    const db = await open();
    await migrate(db);
    // 'u' unlogged, 'p' permanent: a spend on the project's one budget row commits without a
    // flush, while users, sessions and the rest survive a crash.
    const unlogged = await db.query<{ relname: string }>(
      `SELECT relname FROM pg_class JOIN pg_namespace n ON n.oid = relnamespace
       WHERE nspname = 'public' AND relkind = 'r' AND relpersistence = 'u' ORDER BY relname`,
    );
    expect(unlogged.map((t) => t.relname)).toEqual(['rate_limits']);
  }, 60_000);

  it("places the events stored before the storage cap in their project's running total, in order", async () => {
    const db = await open();
    await migrate(
      db,
      readMigrations().filter((m) => m.name !== 'event_storage'),
    );
    await db.query(
      `INSERT INTO events (event_id, project_id, event_name, created_at) VALUES
         ('e1', 'p', 'ab', now() - interval '2 minutes'), ('e2', 'p', 'abcd', now() - interval '1 minute'),
         ('e3', 'q', 'x', now())`,
    );
    await migrate(db);
    // Each event: its name, '{}' twice, and 100 for the row.
    expect(await db.query('SELECT event_id, stored_from FROM events ORDER BY event_id')).toEqual([
      { event_id: 'e1', stored_from: 0 },
      { event_id: 'e2', stored_from: 106 },
      { event_id: 'e3', stored_from: 0 },
    ]);
    expect(await db.query('SELECT project_id, stored_through FROM event_totals ORDER BY project_id')).toEqual(
      [
        { project_id: 'p', stored_through: 214 },
        { project_id: 'q', stored_through: 105 },
      ],
    );
  }, 60_000);

  // One scratch database for the tests that need no migrated schema.
  let scratch: Promise<Db> | undefined;
  const openScratch = () => (scratch ??= open());

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = await openScratch();
    await db.exec('CREATE TABLE t (v text)');
    await db.transaction((tx) => tx.query("INSERT INTO t VALUES ('kept')"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES ('dropped')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT v FROM t')).toEqual([{ v: 'kept' }]);
    expect(await db.query('SELECT count(*) AS n FROM t')).toEqual([{ n: 1 }]);
  }, 60_000);

  it('keeps a migration recorded under an earlier number applied, and records its new number', async () => {
    const db = await open();
    const current = readMigrations();
    // The numbers a database recorded before 003–007 became 002–006.
    const earlier = current.map((m, i) => (i === 0 ? m : { ...m, version: String(i + 2).padStart(3, '0') }));
    await migrate(db, earlier);
    expect(await migrate(db)).toEqual([]);
    expect(await db.query('SELECT version, name FROM schema_migrations ORDER BY version')).toEqual(
      current.map((m) => ({ version: m.version, name: m.name })),
    );
  }, 60_000);

  it('rolls back a failing migration entirely', async () => {
    const db = await openScratch();
    const broken = [
      { version: '001', name: 'ok', sql: 'CREATE TABLE a (id int);' },
      { version: '002', name: 'bad', sql: 'CREATE TABLE b (id int); SELECT no_such_function();' },
    ];
    await expect(migrate(db, broken)).rejects.toThrow();
    expect(await db.query("SELECT to_regclass('a') AS a, to_regclass('schema_migrations') AS m")).toEqual([
      { a: null, m: null },
    ]);
  }, 60_000);
});

describe('two processes on one PostgreSQL database', () => {
  it('migrate concurrently without conflict: one applies, the other waits and applies nothing', async () => {
    const url = await createPostgresDatabase();
    const [a, b] = [openPostgresDb(url), openPostgresDb(url)];
    try {
      const results = await Promise.all([migrate(a), migrate(b)]);
      expect(results.map((r) => r.length).sort()).toEqual([0, readMigrations().length]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
