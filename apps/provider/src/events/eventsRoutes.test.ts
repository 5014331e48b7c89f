import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { json, testApp } from '../../test/testApp';
import { DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import { HOST, TEST_TOKEN } from '../../test/testConfig';

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
});
