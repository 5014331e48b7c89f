import { describe, expect, inject, it } from 'vitest';
import { deliverySettings } from '../config/deliverySchema';
import type { Db } from '../db/Db';
import { openPostgresDb } from '../db/postgres';
import { capturingLogger } from '../../test/testApp';
import { testConfig } from '../../test/testConfig';
import { createPostgresDatabase, openMigratedTestDb } from '../../test/testDatabases';
import type { DeliveryGateways } from './deliveryGateways';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerDeps } from './deliveryWorker';
import type { Gateway, GatewayMessage, SendOutcome } from './gateways/Gateway';
import { enqueueMessage } from './outbox';
import { claimDue, endAttempt } from './outboxQueue';

const config = testConfig();
const [project] = config.projects;
if (!project) throw new Error('fixture');

/** How long a test waits for the worker, polling. */
const POLL = { timeout: 20_000, interval: 25 };

const oneGateway = (gateway: Gateway): DeliveryGateways => ({ of: () => gateway, close: () => undefined });

const countStates = async (db: Db): Promise<Record<string, number>> =>
  Object.fromEntries(
    (
      await db.query<{ state: string; n: number }>(
        'SELECT state, count(*)::int AS n FROM outbox GROUP BY state',
      )
    ).map((r) => [r.state, r.n]),
  );

/**
 * A migrated PGlite database and a worker on it sending through `send`, both closed after `run`.
 * `workerDb` is the database as the worker sees it (the test's own queries go to `db` itself).
 */
async function withWorker(
  send: Gateway['send'],
  run: (db: Db, worker: DeliveryWorker) => Promise<void>,
  {
    workerDb = (db) => db,
    ...deps
  }: Partial<Pick<DeliveryWorkerDeps, 'config' | 'timing'>> & { workerDb?: (db: Db) => Db } = {},
): Promise<void> {
  const db = await openMigratedTestDb('pglite');
  const worker = createDeliveryWorker({
    db: workerDb(db),
    config,
    logger: capturingLogger(),
    env: {},
    timing: { firstRetryMs: 5, maxRetryMs: 10 },
    gateways: oneGateway({ send }),
    ...deps,
  });
  try {
    await run(db, worker);
  } finally {
    await worker.stop();
    await db.close();
  }
}

const queueOne = (db: Db) =>
  enqueueMessage(db, { project, channel: 'sms', recipient: '+15555550100', bodyText: 'x' });

// Each test opens its own database: seconds on a loaded machine.
describe('the delivery worker', { timeout: 30_000 }, () => {
  it('takes over a message whose sender died mid-send once its lease runs out', async () => {
    const sent: string[] = [];
    const send = (m: GatewayMessage) => {
      sent.push(m.messageId);
      return Promise.resolve<SendOutcome>({ kind: 'sent' });
    };
    await withWorker(send, async (db, worker) => {
      const id = await queueOne(db);
      // A process claims it and dies: the row stays 'sending' until its lease runs out.
      const at = new Date();
      const [claim] = await claimDue(db, { now: at, leaseUntil: new Date(at.getTime() + 300), limit: 10 });
      if (!claim) throw new Error('no claim');
      expect(claim.message_id).toBe(id);
      worker.wake();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sent).toEqual([]);
      await expect.poll(async () => (await countStates(db))['sent'], POLL).toBe(1);
      expect(sent).toEqual([id]);
      const [row] = await db.query<{ attempts: number }>('SELECT attempts FROM outbox');
      expect(row?.attempts).toBe(2);
      // The dead process's claim can no longer record anything over the attempt that followed.
      expect(await endAttempt(db, claim, { state: 'failed', error: 'late' }, { live: false })).toBe(false);
      expect(await countStates(db)).toEqual({ sent: 1 });
    });
  });

  it('keeps renewing the claim of a send slower than its lease, so no other worker takes it over', async () => {
    const calls: string[] = [];
    // Over three times the lease (2 × 300 ms), and deaf to the abort, as a gateway that has the
    // message is. A renewal every 150 ms leaves 450 ms of slack for a loaded machine's stalls.
    const send = async (m: GatewayMessage) => {
      calls.push(m.messageId);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { kind: 'sent' } as const;
    };
    await withWorker(
      send,
      async (db, worker) => {
        const other = createDeliveryWorker({
          db,
          config,
          logger: capturingLogger(),
          env: {},
          timing: { sendTimeoutMs: 100, pollMs: 20 },
          gateways: oneGateway({ send }),
        });
        try {
          await queueOne(db);
          worker.wake();
          await expect.poll(() => calls.length, POLL).toBe(1);
          other.start();
          await expect.poll(async () => (await countStates(db))['sent'], POLL).toBe(1);
          expect(calls).toHaveLength(1);
        } finally {
          await other.stop();
        }
      },
      { timing: { sendTimeoutMs: 300 } },
    );
  });

  it('gives up after max_attempts transient failures, saying so', async () => {
    const send = () => Promise.resolve<SendOutcome>({ kind: 'retry', reason: '503 Service Unavailable' });
    const delivery = {
      send_timeout_seconds: 5,
      first_retry_seconds: 1,
      max_retry_seconds: 1,
      max_attempts: 3,
      max_unrecorded: 1,
    };
    await withWorker(
      send,
      async (db, worker) => {
        await queueOne(db);
        worker.wake();
        await expect.poll(async () => (await countStates(db))['failed'], POLL).toBe(1);
        const [row] = await db.query<{ attempts: number; error: string }>(
          'SELECT attempts, error FROM outbox',
        );
        expect(row).toEqual({ attempts: 3, error: 'gave up after 3 attempts: 503 Service Unavailable' });
      },
      { config: { ...config, delivery } },
    );
  });

  it('lets one message at a time between its acceptance and its record, and frees a turn asked for in vain', async () => {
    // Records take a while, as over a network: a turn given back before its record would show.
    const slowRecords = (db: Db): Db => ({
      ...db,
      query: async (sql, params) => {
        if (sql.trimStart().startsWith('UPDATE outbox SET state'))
          await new Promise((resolve) => setTimeout(resolve, 10));
        return db.query(sql, params);
      },
    });
    let database: Db | undefined;
    const accepted: string[] = [];
    // Messages the gateway accepted while one it accepted before was not yet recorded.
    const early: string[] = [];
    let sends = 0;
    const send: Gateway['send'] = async (m, signal, turn) => {
      // Some sends ask for the turn and fail without waiting for it (a lost connection).
      if (++sends % 7 === 1) {
        void turn?.take(signal);
        return { kind: 'retry', reason: 'connection lost' };
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      if (!(await turn?.take(signal))) return { kind: 'retry', reason: 'no turn' };
      const [row] = (await database?.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox WHERE message_id = ANY($1::text[]) AND state <> 'sent'",
        [accepted],
      )) ?? [{ n: -1 }];
      if (row?.n !== 0) early.push(m.messageId);
      accepted.push(m.messageId);
      return { kind: 'sent' };
    };
    await withWorker(
      send,
      async (db, worker) => {
        database = db;
        for (let i = 0; i < 30; i++) await queueOne(db);
        worker.wake();
        await expect.poll(async () => (await countStates(db))['sent'], POLL).toBe(30);
        expect(accepted).toHaveLength(30);
        expect(early).toEqual([]);
      },
      { workerDb: slowRecords },
    );
  });

  it('lets max_unrecorded messages at a time between acceptance and record', async () => {
    for (const maxUnrecorded of [1, 3]) {
      let inside = 0;
      let most = 0;
      const send: Gateway['send'] = async (_m, signal, turn) => {
        if (!(await turn?.take(signal))) return { kind: 'retry', reason: 'no turn' };
        most = Math.max(most, ++inside);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inside--;
        return { kind: 'sent' };
      };
      const delivery = { ...deliverySettings(config), max_unrecorded: maxUnrecorded };
      await withWorker(
        send,
        async (db, worker) => {
          for (let i = 0; i < 12; i++) await queueOne(db);
          worker.wake();
          await expect.poll(async () => (await countStates(db))['sent'], POLL).toBe(12);
        },
        { config: { ...config, delivery } },
      );
      expect(most).toBe(maxUnrecorded);
    }
  });

  it('honours a Retry-After longer than its own backoff', async () => {
    const send = () =>
      Promise.resolve<SendOutcome>({ kind: 'retry', reason: '429 Too Many Requests', retryAfterMs: 120_000 });
    await withWorker(send, async (db, worker) => {
      await queueOne(db);
      const before = Date.now();
      worker.wake();
      const first = async () =>
        (await db.query<{ attempts: number; state: string }>('SELECT attempts, state FROM outbox'))[0];
      await expect.poll(first, POLL).toEqual({ attempts: 1, state: 'queued' });
      const [row] = await db.query<{ next_attempt_at: Date }>('SELECT next_attempt_at FROM outbox');
      expect(row?.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    });
  });
});

describe('two workers on PostgreSQL', () => {
  it('send each of 1,000 messages exactly once, sharing the queue', async () => {
    if (!inject('postgresUrl')) throw new Error(`PostgreSQL tests cannot run: ${inject('postgresError')}`);
    const url = await createPostgresDatabase(inject('postgresTemplate'));
    const first = openPostgresDb(url, 3);
    const dbs = [first, openPostgresDb(url, 3)];
    const sends = new Map<string, number>();
    const byWorker = new Map<number, number>();
    const workers: DeliveryWorker[] = dbs.map((db, index) =>
      createDeliveryWorker({
        db,
        config,
        logger: capturingLogger('error'),
        env: {},
        timing: { pollMs: 50 },
        gateways: oneGateway({
          async send(m) {
            sends.set(m.messageId, (sends.get(m.messageId) ?? 0) + 1);
            byWorker.set(index, (byWorker.get(index) ?? 0) + 1);
            // A gateway's round trip, so claims of both workers overlap.
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
            return { kind: 'sent' };
          },
        }),
      }),
    );
    const queue = (db: Db, from: number, count: number) =>
      db.transaction(async (tx) => {
        for (let i = from; i < from + count; i++)
          await enqueueMessage(tx, {
            project,
            channel: 'email',
            recipient: `user${i}@example.com`,
            bodyText: 'x',
          });
      });
    try {
      // Half waiting when both start, so both claim from the same rows at the same moment ...
      await queue(first, 0, 500);
      for (const worker of workers) worker.start();
      // ... and half queued from both sides while both send, as two provider processes would.
      for (let batch = 10; batch < 20; batch++) {
        await queue(dbs[batch % 2] ?? first, batch * 50, 50);
        workers[batch % 2]?.wake();
      }
      await expect
        .poll(async () => (await countStates(first))['sent'], { ...POLL, timeout: 90_000 })
        .toBe(1000);
      expect(sends.size).toBe(1000);
      expect([...sends.values()].every((n) => n === 1)).toBe(true);
      expect(byWorker.get(0)).toBeGreaterThan(0);
      expect(byWorker.get(1)).toBeGreaterThan(0);
      expect((byWorker.get(0) ?? 0) + (byWorker.get(1) ?? 0)).toBe(1000);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all(dbs.map((db) => db.close()));
    }
  }, 120_000);
});
