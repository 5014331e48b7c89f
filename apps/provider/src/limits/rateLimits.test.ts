import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LatchConfig } from '../config/configSchema';
import { defaultRateLimits } from '../config/rateLimitsSchema';
import type { Db } from '../db/Db';
import { migrate } from '../db/migrate';
import { openPostgresDb } from '../db/postgres';
import { createApp } from '../app';
import { createPostgresDatabase, DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import { AUTH_ORIGIN, basic, testConfig, TEST_TOKEN } from '../../test/testConfig';
import { silentLogger } from '../http/logger';
import { json } from '../../test/testApp';

const tight = (): LatchConfig => ({
  ...testConfig(),
  rate_limits: {
    ...defaultRateLimits(),
    sends_per_destination: { limit: 2, per_seconds: 600 },
    sends_per_ip: { limit: 4, per_seconds: 600 },
    guesses_per_ip: { limit: 3, per_seconds: 60 },
    events_per_ip: { limit: 2, per_seconds: 60 },
  },
});

let n = 0;
const freshEmail = () => `limits${++n}-${Date.now()}@example.com`;

/** A request as it arrives over a socket from `ip` (in-process requests have no address). */
function client(db: Db, config: LatchConfig) {
  const app = createApp({ config, db, authOrigin: AUTH_ORIGIN, logger: silentLogger });
  return (path: string, body: unknown, ip = '203.0.113.7') =>
    app.request(
      `/sdk/v1${path}`,
      {
        method: 'POST',
        headers: { Authorization: basic(TEST_TOKEN), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
}

const sendTo = (email: string) => ({ email, expiration_minutes: 5 });

describe.each(DB_KINDS)('rate limits on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
  }, 60_000);
  afterAll(() => db.close());

  it('caps the messages to one address; over it, answers as sent and sends nothing more', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const post = client(db, tight());
    const email = freshEmail();
    const first = await post('/otps/email/login_or_create', sendTo(email), '198.51.100.1');
    expect(first.status).toBe(200);
    expect((await post('/magic_links/email/login_or_create', { email }, '198.51.100.2')).status).toBe(200);
    const over = await post('/otps/email/login_or_create', sendTo(email.toUpperCase()), '198.51.100.3');
    // Nothing tells a stranger the budget is spent: the first code is kept working instead.
    expect([over.status, over.headers.get('Retry-After')]).toEqual([200, null]);
    const methodId = (answer: Record<string, unknown>) => (answer['data'] as { method_id: string }).method_id;
    expect(methodId(await json(over))).toBe(methodId(await json(first)));
    const sent = await db.query('SELECT 1 FROM outbox WHERE lower(recipient) = $1', [email]);
    expect(sent).toHaveLength(2);
    // Another address from another client is unaffected.
    const other = freshEmail();
    expect((await post('/otps/email/login_or_create', sendTo(other), '198.51.100.4')).status).toBe(200);
    expect(await db.query('SELECT 1 FROM outbox WHERE recipient = $1', [other])).toHaveLength(1);
  });

  it('caps the messages one client address sends, whatever the destination', async () => {
    const post = client(db, tight());
    for (let i = 0; i < 4; i++) {
      expect((await post('/otps/email/login_or_create', sendTo(freshEmail()), '192.0.2.10')).status).toBe(
        200,
      );
    }
    expect((await post('/otps/email/login_or_create', sendTo(freshEmail()), '192.0.2.10')).status).toBe(429);
    expect((await post('/otps/email/login_or_create', sendTo(freshEmail()), '192.0.2.11')).status).toBe(200);
  });

  it('throttles guesses per client address, and malformed calls spend nothing', async () => {
    const post = client(db, tight());
    const guess = { token: '000000', method_id: 'email-test-nope', session_duration_minutes: 5 };
    for (let i = 0; i < 5; i++) {
      expect((await post('/otps/authenticate', { token: 'x' }, '192.0.2.20')).status).toBe(400);
    }
    for (let i = 0; i < 3; i++)
      expect((await post('/otps/authenticate', guess, '192.0.2.20')).status).toBe(404);
    expect((await post('/otps/authenticate', guess, '192.0.2.20')).status).toBe(429);
    expect(
      (
        await post(
          '/passwords/authenticate',
          { email: freshEmail(), password: 'x', session_duration_minutes: 5 },
          '192.0.2.20',
        )
      ).status,
    ).toBe(429);
    expect((await post('/users/search', { email: freshEmail() }, '192.0.2.20')).status).toBe(429);
    const signUp = {
      email: freshEmail(),
      password: 'plum-Vortex-9-quietly-Anchor',
      session_duration_minutes: 5,
    };
    expect((await post('/passwords', signUp, '192.0.2.20')).status).toBe(429);
    const attest = { profile_id: 'nope', token: 'x', session_duration_minutes: 5 };
    expect((await post('/sessions/attest', attest, '192.0.2.20')).status).toBe(429);
    // Another address still gets its answer: the profile does not exist.
    expect((await post('/sessions/attest', attest, '192.0.2.21')).status).toBe(404);
  });

  it('sign-up spends the guesses budget, so duplicate_email is no free oracle', async () => {
    const post = client(db, tight());
    const signUp = (email: string) => ({
      email,
      password: 'plum-Vortex-9-quietly-Anchor',
      session_duration_minutes: 5,
    });
    const taken = freshEmail();
    expect((await post('/passwords', signUp(taken), '192.0.2.50')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const answer = await post('/passwords', signUp(taken), '192.0.2.50');
      expect([answer.status, (await json(answer))['error_type']]).toEqual([400, 'duplicate_email']);
    }
    const refused = await post('/passwords', signUp(taken), '192.0.2.50');
    expect([refused.status, (await json(refused))['error_type']]).toEqual([429, 'too_many_requests']);
    expect(refused.headers.get('Retry-After')).toMatch(/^[0-9]+$/);
    // The same budget as the other guesses: a search from that address is refused too.
    expect((await post('/users/search', { email: taken }, '192.0.2.50')).status).toBe(429);
  });

  it('behind a trusted proxy, gives each forwarded visitor its own budget', async () => {
    const app = createApp({
      config: tight(),
      db,
      authOrigin: AUTH_ORIGIN,
      logger: silentLogger,
      trustedProxies: ['10.0.0.0/8'],
    });
    const viaProxy = (visitor: string) =>
      app.request(
        '/sdk/v1/otps/email/login_or_create',
        {
          method: 'POST',
          headers: { Authorization: basic(TEST_TOKEN), 'Content-Type': 'application/json' },
          body: JSON.stringify(sendTo(freshEmail())),
        },
        { incoming: { socket: { remoteAddress: '10.0.0.2' }, headers: { 'x-forwarded-for': visitor } } },
      );
    for (let i = 0; i < 4; i++) expect((await viaProxy('192.0.2.40')).status).toBe(200);
    expect((await viaProxy('192.0.2.40')).status).toBe(429);
    // Same proxy, another visitor: not counted with the first.
    expect((await viaProxy('192.0.2.41')).status).toBe(200);
  });

  it('caps the event log per client address', async () => {
    const post = client(db, tight());
    const events = [{ telemetry: {}, event: { public_token: TEST_TOKEN, event_name: 'x', details: {} } }];
    expect((await post('/events', events, '192.0.2.30')).status).toBe(200);
    expect((await post('/events', events, '192.0.2.30')).status).toBe(200);
    expect((await post('/events', events, '192.0.2.30')).status).toBe(429);
  });
});

describe('rate limits across provider processes', () => {
  it('hold one budget for two providers on one PostgreSQL database', async () => {
    const url = await createPostgresDatabase();
    const [a, b] = [openPostgresDb(url), openPostgresDb(url)];
    try {
      await migrate(a);
      const [first, second] = [client(a, tight()), client(b, tight())];
      // One client address asking both providers at once: its budget of 4 holds across them.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? first : second)('/otps/email/login_or_create', sendTo(freshEmail()), '198.18.0.1'),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
