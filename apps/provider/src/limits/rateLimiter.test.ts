import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createPostgresDatabase, openMigratedTestDb } from '../../test/testDatabases';
import type { Db } from '../db/Db';
import { migrate } from '../db/migrate';
import { openPostgresDb } from '../db/postgres';
import { createRateLimiter } from './rateLimiter';

const FIVE_PER_MINUTE = { limit: 5, perSeconds: 60 };

describe.each(DB_KINDS)('rate limiter on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
  });
  afterAll(() => db.close());

  it('allows the whole budget at once, then refuses with the wait until the next use', async () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter(db, () => clock);
    for (let i = 0; i < 5; i++) expect(await limiter.take('k', FIVE_PER_MINUTE)).toEqual({ ok: true });
    expect(await limiter.take('k', FIVE_PER_MINUTE)).toEqual({ ok: false, retryAfterSeconds: 12 });
    // One use comes back every 12 s; a refused use spent nothing.
    clock += 11_000;
    expect(await limiter.take('k', FIVE_PER_MINUTE)).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock += 1_000;
    expect(await limiter.take('k', FIVE_PER_MINUTE)).toEqual({ ok: true });
    expect((await limiter.take('k', FIVE_PER_MINUTE)).ok).toBe(false);
    // Other keys have their own budget.
    expect(await limiter.take('other', FIVE_PER_MINUTE)).toEqual({ ok: true });
    // A quiet period gives the whole budget back.
    clock += 60_000;
    for (let i = 0; i < 5; i++) expect((await limiter.take('k', FIVE_PER_MINUTE)).ok).toBe(true);
    expect((await limiter.take('k', FIVE_PER_MINUTE)).ok).toBe(false);
  });

  it('never overspends under concurrent uses', async () => {
    const limiter = createRateLimiter(db, () => 5_000_000);
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, () => limiter.take('burst', FIVE_PER_MINUTE)),
    );
    expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
  });

  it('spends several budgets in order in one call, stopping at the first refusal', async () => {
    const clock = 7_000_000;
    const limiter = createRateLimiter(db, () => clock);
    const ONE_PER_MINUTE = { limit: 1, perSeconds: 60 };
    const uses = [
      ['order:a', FIVE_PER_MINUTE],
      ['order:b', ONE_PER_MINUTE],
      ['order:c', FIVE_PER_MINUTE],
    ] as const;
    expect(await limiter.takeInOrder(uses)).toEqual({ ok: true });
    // b is spent: a is spent again, b refuses (with b's wait), c is not touched.
    expect(await limiter.takeInOrder(uses)).toEqual({ ok: false, retryAfterSeconds: 60 });
    const tats = new Map(
      (
        await db.query<{ key: string; tat_ms: number }>(
          "SELECT key, tat_ms FROM rate_limits WHERE key LIKE 'order:%'",
        )
      ).map((r) => [r.key, Number(r.tat_ms)]),
    );
    expect(tats).toEqual(
      new Map([
        ['order:a', clock + 2 * 12_000],
        ['order:b', clock + 60_000],
        ['order:c', clock + 12_000],
      ]),
    );
    expect(await limiter.takeInOrder([])).toEqual({ ok: true });
  });

  it('sweeps keys whose budget is whole again', async () => {
    let clock = 10_000_000;
    const limiter = createRateLimiter(db, () => clock);
    await limiter.take('old', FIVE_PER_MINUTE);
    clock += 120_000;
    await limiter.take('new', FIVE_PER_MINUTE);
    const keys = await db.query<{ key: string }>('SELECT key FROM rate_limits ORDER BY key');
    expect(keys.map((r) => r.key)).toEqual(['new']);
  });
});

describe('rate limiter across processes', () => {
  it('holds one budget for two providers on one PostgreSQL database', async () => {
    const url = await createPostgresDatabase();
    // Two pools stand for two provider processes: each has its own connections and limiter.
    const [a, b] = [openPostgresDb(url), openPostgresDb(url)];
    try {
      await migrate(a);
      const clock = () => 20_000_000;
      const [first, second] = [createRateLimiter(a, clock), createRateLimiter(b, clock)];
      const verdicts = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).take('shared', FIVE_PER_MINUTE)),
      );
      expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('sweeps without waiting for budgets a request holds, so the two cannot deadlock', async () => {
    const url = await createPostgresDatabase();
    const db = openPostgresDb(url);
    try {
      await migrate(db);
      // Two budgets whole again (so the sweep deletes both), as a busy key and a quiet one can be.
      await db.query("INSERT INTO rate_limits (key, tat_ms) VALUES ('sweep:a', 1), ('sweep:b', 2)");
      // A request's spend holds b and wants a next, as a spend of several budgets does.
      let locked!: () => void;
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const request = db.transaction(async (tx) => {
        await tx.query("UPDATE rate_limits SET tat_ms = tat_ms WHERE key = 'sweep:b'");
        locked();
        await released;
        await tx.query("UPDATE rate_limits SET tat_ms = tat_ms WHERE key = 'sweep:a'");
      });
      await holding;
      // The limiter's first use sweeps. Let it run until it is done or waits for a row lock.
      const sweeping = createRateLimiter(db, () => 30_000_000).take('sweep:c', FIVE_PER_MINUTE);
      let swept = false;
      // Settled either way: a failure is reported by the assertion below, not as an unhandled rejection.
      const settle = () => (swept = true);
      void sweeping.then(settle, settle);
      const waitingForLock = async (): Promise<boolean> => {
        const [row] = await db.query<{ n: number }>(
          `SELECT count(*) AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM rate_limits%'`,
        );
        return Number(row?.n) > 0;
      };
      while (!swept && !(await waitingForLock())) await new Promise((r) => setTimeout(r, 20));
      release();
      await expect(Promise.all([request, sweeping])).resolves.toEqual([undefined, { ok: true }]);
      // The held budget stays for the next sweep; the other is gone.
      const keys = await db.query<{ key: string }>(
        "SELECT key FROM rate_limits WHERE key LIKE 'sweep:%' ORDER BY key",
      );
      expect(keys.map((r) => r.key)).toEqual(['sweep:b', 'sweep:c']);
    } finally {
      await db.close();
    }
  });
});
