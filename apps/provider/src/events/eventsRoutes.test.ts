import { randomBytes } from 'node:crypto';
import { MAX_EVENT_BYTES } from '@latch/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { openPostgresDb } from '../db/postgres';
import { json, testApp } from '../../test/testApp';
import { createPostgresDatabase, DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import { HOST, LIVE_TOKEN, OTHER_HOST, testConfig, TEST_TOKEN } from '../../test/testConfig';
import { sweepEvents } from './eventStore';
import { RECLAIM_AFTER_BYTES } from './reclaimEventSpace';

const entry = (event_name: string, extra: Record<string, unknown> = {}) => ({
  telemetry: { sdk: 'latch', version: 1 },
  event: { public_token: TEST_TOKEN, event_name, details: { screen: 'Main' }, ...extra },
});

describe.each(DB_KINDS)('POST /sdk/v1/events on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
  }, 60_000);
  afterAll(() => db?.close());

  it('stores every entry of the batch and answers the success envelope', async () => {
    const { sdk } = testApp({ db });
    const batch = [
      entry('render_login_screen'),
      entry('email_sent', { error_code: 'x', error_description: 'why' }),
    ];
    const response = await sdk('/events', { body: JSON.stringify(batch), origin: HOST });
    expect(response.status).toBe(200);
    expect((await json(response))['data']).toMatchObject({ status_code: 200 });
    const rows = await db.query<{
      event_name: string;
      details: unknown;
      telemetry: unknown;
      error_code: string | null;
    }>('SELECT event_name, details, telemetry, error_code FROM events ORDER BY event_name');
    expect(rows).toEqual([
      {
        event_name: 'email_sent',
        details: { screen: 'Main' },
        telemetry: { sdk: 'latch', version: 1 },
        error_code: 'x',
      },
      {
        event_name: 'render_login_screen',
        details: { screen: 'Main' },
        telemetry: { sdk: 'latch', version: 1 },
        error_code: null,
      },
    ]);
  });

  it('accepts an empty batch and refuses entries for another project', async () => {
    const { sdk } = testApp({ db });
    expect((await sdk('/events', { body: '[]' })).status).toBe(200);
    const foreign = entry('x', { public_token: 'public-token-test-someone-else' });
    const response = await sdk('/events', { body: JSON.stringify([foreign]) });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error_type: 'invalid_field' });
  });

  it("accepts Stytch's telemetry shape: no Authorization, the public token inside each event", async () => {
    const { app } = testApp({ db });
    const post = (body: unknown, origin = HOST) =>
      app.request('/sdk/v1/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify(body),
      });
    const stored = async () => (await db.query("SELECT 1 FROM events WHERE event_name = 'no_auth'")).length;
    const response = await post([entry('no_auth'), entry('no_auth')]);
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(HOST);
    expect(await stored()).toBe(2);
    // The token inside stands for the project: a stranger's origin, an unknown token or a mixed batch is refused.
    expect((await json(await post([entry('no_auth')], 'https://other.example')))['error_type']).toBe(
      'bad_domain_for_stytch_sdk',
    );
    const unknown = entry('no_auth', { public_token: 'public-token-test-nobody' });
    expect((await json(await post([unknown])))['error_type']).toBe('invalid_public_token');
    expect((await json(await post([entry('no_auth'), unknown])))['error_type']).toBe('invalid_field');
    expect((await json(await post([])))['error_type']).toBe('unauthorized_credentials');
    expect(await stored()).toBe(2);
  });

  it('refuses more than 100 entries', async () => {
    const { sdk } = testApp({ db });
    const response = await sdk('/events', {
      body: JSON.stringify(Array.from({ length: 101 }, () => entry('x'))),
    });
    expect(response.status).toBe(400);
  });

  it('refuses an event larger than the bound with a 400 naming it, and stores nothing of the batch', async () => {
    const { sdk } = testApp({ db });
    const big = entry('too_big', { details: { blob: 'x'.repeat(MAX_EVENT_BYTES) } });
    const response = await sdk('/events', { body: JSON.stringify([entry('too_big'), big]) });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      error_type: 'invalid_field',
      error_message: `[1]: larger than ${MAX_EVENT_BYTES} bytes of JSON.`,
    });
    expect(await db.query("SELECT 1 FROM events WHERE event_name = 'too_big'")).toEqual([]);
  });

  it('keeps each project within its storage cap, dropping its oldest events first', async () => {
    const config = { ...testConfig(), events: { max_storage_mb_per_project: 1, retention_days: 30 } };
    const { sdk } = testApp({ db, config });
    const padding = 'p'.repeat(2000);
    let sent = 0;
    const batch = (token = TEST_TOKEN) =>
      Array.from({ length: 100 }, () =>
        entry(`capped-${String(sent++).padStart(5, '0')}`, {
          public_token: token,
          details: { padding },
        }),
      );
    // The other project's events are its own: never dropped for this one's.
    const other = await sdk('/events', {
      body: JSON.stringify(batch(LIVE_TOKEN)),
      token: LIVE_TOKEN,
      origin: OTHER_HOST,
    });
    expect(other.status).toBe(200);
    // About 2.2 KB an event: 3 MB, three times the cap.
    for (let i = 0; i < 14; i++)
      expect((await sdk('/events', { body: JSON.stringify(batch()) })).status).toBe(200);
    const [kept] = await db.query<{ bytes: string; first: string; last: string; rows: string }>(
      `SELECT sum(octet_length(event_name) + octet_length(details::text) + octet_length(telemetry::text) + 100) AS bytes,
              min(event_name) AS first, max(event_name) AS last, count(*) AS rows
       FROM events WHERE project_id = $1 AND event_name LIKE 'capped-%'`,
      [testConfig().projects[0]?.project_id],
    );
    expect(Number(kept?.bytes)).toBeLessThanOrEqual(1024 * 1024);
    // The newest are kept, every one of them since the first kept, the oldest gone.
    expect(kept?.last).toBe('capped-01499');
    expect(Number(kept?.rows)).toBe(1500 - Number(kept?.first.slice(-5)));
    expect(Number(kept?.rows)).toBeGreaterThan(400);
    const [foreign] = await db.query<{ rows: string }>(
      "SELECT count(*) AS rows FROM events WHERE project_id <> $1 AND event_name LIKE 'capped-%'",
      [testConfig().projects[0]?.project_id],
    );
    expect(Number(foreign?.rows)).toBe(100);
  });

  it('sweeps events past their retention, and any left below a cap lowered since', async () => {
    const { sdk } = testApp({ db });
    await sdk('/events', { body: JSON.stringify([entry('old'), entry('recent')]) });
    await db.query("UPDATE events SET created_at = now() - interval '31 days' WHERE event_name = 'old'");
    const projectIds = testConfig().projects.map((p) => p.project_id);
    const storage = { max_storage_mb_per_project: 50, retention_days: 30 };
    expect(await sweepEvents(db, projectIds, storage)).toBe(1);
    expect(await db.query("SELECT event_name FROM events WHERE event_name IN ('old', 'recent')")).toEqual([
      { event_name: 'recent' },
    ]);
    // The total 1 MB past where 'below' ends: a cap of 1 MB now leaves 'below' under it, 'above' in.
    await sdk('/events', { body: JSON.stringify([entry('below'), entry('above')]) });
    await db.query(
      "UPDATE event_totals SET stored_through = (SELECT stored_from FROM events WHERE event_name = 'above') + 1048576",
    );
    expect(await sweepEvents(db, projectIds, { ...storage, max_storage_mb_per_project: 1 })).toBeGreaterThan(
      0,
    );
    expect(await db.query("SELECT event_name FROM events WHERE event_name IN ('below', 'above')")).toEqual([
      { event_name: 'above' },
    ]);
  });
});

it('keeps the files of a PGlite database within the cap too, reusing the space of dropped events', async () => {
  const db = await openMigratedTestDb('pglite');
  try {
    const config = { ...testConfig(), events: { max_storage_mb_per_project: 1, retention_days: 30 } };
    const { sdk } = testApp({ db, config });
    // Random text, so no compression hides the bytes: about 2 MB a round through a 1 MB cap.
    const round = async () => {
      for (let i = 0; i < 10; i++) {
        const batch = Array.from({ length: 100 }, () =>
          entry('churn', { details: { padding: randomBytes(1500).toString('base64') } }),
        );
        expect((await sdk('/events', { body: JSON.stringify(batch) })).status).toBe(200);
      }
      const [size] = await db.query<{ bytes: string }>("SELECT pg_total_relation_size('events') AS bytes");
      return Number(size?.bytes);
    };
    const sizes: number[] = [];
    for (let i = 0; i < 6; i++) sizes.push(await round());
    // Past the first rounds the files stop growing (without the vacuum: 3 MB more each round).
    const [, , third = 0, , , sixth = 0] = sizes;
    expect(sixth - third).toBeLessThan(1024 * 1024);
    expect(sixth).toBeLessThan(1024 * 1024 + 2 * RECLAIM_AFTER_BYTES + 2 * 1024 * 1024);
  } finally {
    await db.close();
  }
}, 120_000);

it('holds the cap across two provider processes on one PostgreSQL', async () => {
  const url = await createPostgresDatabase(undefined);
  const migrated = openPostgresDb(url);
  const { migrate } = await import('../db/migrate');
  await migrate(migrated);
  const config = { ...testConfig(), events: { max_storage_mb_per_project: 1, retention_days: 30 } };
  // Two apps, each with its own connections: two processes as far as the database can tell.
  const [a, b] = [openPostgresDb(url), openPostgresDb(url)];
  try {
    const padding = 'p'.repeat(2000);
    const body = JSON.stringify(Array.from({ length: 100 }, () => entry('shared', { details: { padding } })));
    const post = async (app: ReturnType<typeof testApp>) => (await app.sdk('/events', { body })).status;
    const [appA, appB] = [testApp({ db: a, config }), testApp({ db: b, config })];
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i % 2 ? appA : appB)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Batches that committed while another insert ran are dropped by the next insert of either process.
    expect(await post(appA)).toBe(200);
    const [kept] = await migrated.query<{ bytes: string }>(
      'SELECT sum(octet_length(event_name) + octet_length(details::text) + octet_length(telemetry::text) + 100) AS bytes FROM events',
    );
    expect(Number(kept?.bytes)).toBeLessThanOrEqual(1024 * 1024);
    expect(Number(kept?.bytes)).toBeGreaterThan(1024 * 1024 - 2 * 2200);
    const [{ total } = { total: '0' }] = await migrated.query<{ total: string }>(
      'SELECT stored_through AS total FROM event_totals',
    );
    expect(Number(total)).toBeGreaterThan(6 * 1024 * 1024);
  } finally {
    await Promise.all([a.close(), b.close(), migrated.close()]);
  }
}, 60_000);
