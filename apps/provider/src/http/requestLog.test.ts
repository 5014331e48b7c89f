import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { openAuthKit, PROJECT_ID, PROJECT_SECRET, type AuthKit } from '../../test/authTestKit';
import { capturingLogger, json, noLimits, testApp, unusedDb, type LogLine } from '../../test/testApp';
import { basic, HOST, TEST_TOKEN } from '../../test/testConfig';

const requestLines = (lines: LogLine[]) => lines.filter((line) => line.msg === 'request');

describe('request log', () => {
  it('writes one JSON line per request: id as in X-Request-Id, method, route pattern, status, duration', async () => {
    const { app, sdk, logger } = testApp();
    const bootstrap = await sdk(`/projects/bootstrap/${TEST_TOKEN}?debug=1`, { method: 'GET' });
    const jwks = await app.request(`/v1/sessions/jwks/project-test-nope`);
    const missing = await app.request('/no/such/page?token=x');

    const lines = requestLines(logger.lines);
    expect(lines).toHaveLength(3);
    const [first, second, third] = lines;
    expect(first).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      msg: 'request',
      request_id: bootstrap.headers.get('X-Request-Id'),
      method: 'GET',
      route: '/sdk/v1/projects/bootstrap/:public_token',
      status: 200,
      duration_ms: expect.any(Number),
    });
    expect(first?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(second).toMatchObject({
      request_id: jwks.headers.get('X-Request-Id'),
      route: '/v1/sessions/jwks/:project_id',
      status: jwks.status,
    });
    // No route answered: the pattern of the last middleware, never the path that was asked for.
    expect(third).toMatchObject({
      request_id: missing.headers.get('X-Request-Id'),
      route: '/*',
      status: 404,
    });
    expect(logger.text()).not.toContain('/no/such/page');
    expect(logger.text().trimEnd().split('\n')).toHaveLength(3);
  });

  it('logs an unexpected exception at error level with the request id, and answers the 500 envelope', async () => {
    const failing: Db = { ...unusedDb, query: () => Promise.reject(new Error('the database is on fire')) };
    const { sdk, logger } = testApp({ db: failing, limiter: noLimits });
    const entry = { telemetry: {}, event: { public_token: TEST_TOKEN, event_name: 'x', details: {} } };
    const response = await sdk('/events', { body: JSON.stringify([entry]) });
    const body = await json(response);
    const id = response.headers.get('X-Request-Id');
    expect(response.status).toBe(500);
    expect(body).toMatchObject({ error_type: 'internal_server_error', status_code: 500, request_id: id });

    const [failure, request, ...rest] = logger.lines;
    expect(rest).toEqual([]);
    expect(failure).toMatchObject({
      level: 50,
      msg: 'request failed',
      request_id: id,
      method: 'POST',
      route: '/sdk/v1/events',
      error: expect.stringMatching(/^Error: the database is on fire \| at /),
    });
    expect(request).toMatchObject({ level: 30, msg: 'request', request_id: id, status: 500 });
  });

  it('LATCH_LOG_LEVEL error keeps the failures and drops the request lines; silent drops everything', async () => {
    const failing: Db = { ...unusedDb, query: () => Promise.reject(new Error('down')) };
    const entry = JSON.stringify([
      { telemetry: {}, event: { public_token: TEST_TOKEN, event_name: 'x', details: {} } },
    ]);
    const errorsOnly = capturingLogger('error');
    await testApp({ db: failing, limiter: noLimits, logger: errorsOnly }).sdk('/events', { body: entry });
    expect(errorsOnly.lines.map((line) => line.msg)).toEqual(['request failed']);

    const silent = capturingLogger('silent');
    await testApp({ db: failing, limiter: noLimits, logger: silent }).sdk('/events', { body: entry });
    expect(silent.text()).toBe('');
  });
});

describe('request log on a real sign-in', () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite');
  }, 60_000);
  afterAll(() => kit?.close());

  it('never carries a token from the body, the Authorization header, a cookie or the query string', async () => {
    const email = `logged-${Date.now()}@example.com`;
    await kit.ok('/magic_links/email/login_or_create', { email });
    const magicToken = String((await kit.latest(email)).metadata.token);
    const signedIn = await kit.ok('/magic_links/authenticate', {
      token: magicToken,
      session_duration_minutes: 60,
    });
    const sessionToken = String(signedIn['session_token']);
    const sessionJwt = String(signedIn['session_jwt']);
    const authorization = basic(TEST_TOKEN, sessionToken);

    // Every place a client could put a token, at once.
    const response = await kit.app.request(
      `/sdk/v1/sessions/authenticate?token=${magicToken}&session_token=${sessionToken}`,
      {
        method: 'POST',
        headers: {
          Authorization: authorization,
          Cookie: `stytch_session=${sessionToken}; stytch_session_jwt=${sessionJwt}`,
          'Content-Type': 'application/json',
          Origin: HOST,
        },
        body: JSON.stringify({ session_token: sessionToken, session_jwt: sessionJwt }),
      },
    );
    expect(response.status).toBe(200);
    const backend = await kit.backend({ session_token: sessionToken }, basic(PROJECT_ID, PROJECT_SECRET));
    expect(backend.status).toBe(200);

    const text = kit.logger.text();
    expect(requestLines(kit.logger.lines).map((line) => line['route'])).toEqual([
      '/sdk/v1/magic_links/email/login_or_create',
      '/dev/inbox.json',
      '/sdk/v1/magic_links/authenticate',
      '/sdk/v1/sessions/authenticate',
      '/v1/sessions/authenticate',
    ]);
    for (const secret of [
      magicToken,
      sessionToken,
      sessionJwt,
      authorization.slice('Basic '.length),
      PROJECT_SECRET,
      email,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/\?|stytch_session|Basic /);
  }, 60_000);
});
