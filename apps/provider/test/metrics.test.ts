import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './freePort';
import { scrape, total } from './metricsScrape';
import { spawnProvider } from './providerProcess';
import { basic, HOST, testConfig, TEST_TOKEN } from './testConfig';
import { startSmtpStandIn } from './standIns/smtpStandIn';
import { createPostgresDatabase } from './testDatabases';

const dir = mkdtempSync(join(tmpdir(), 'latch-metrics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = 'metrics-token-for-the-test';

/** A provider process with metrics on a port of their own; answers its public and metrics ports. */
async function startProvider(env: Record<string, string>, config = testConfig()) {
  const configFile = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(configFile, JSON.stringify(config));
  const metricsPort = await freePort();
  const provider = spawnProvider({
    LATCH_CONFIG: configFile,
    LATCH_METRICS_PORT: String(metricsPort),
    LATCH_METRICS_TOKEN: TOKEN,
    ...env,
  });
  const origin = `http://127.0.0.1:${await provider.port}`;
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  // The metrics port listens beside the public one; its line may follow the "listening" line.
  for (let i = 0; i < 100 && !provider.output().includes(`metrics on port ${metricsPort}`); i += 1)
    await new Promise((done) => setTimeout(done, 100));
  return { child: provider.child, provider, origin, metricsUrl };
}

const sdk = async (origin: string, path: string, body: unknown) => {
  const response = await fetch(`${origin}/sdk/v1${path}`, {
    method: 'POST',
    headers: { Authorization: basic(TEST_TOKEN), Origin: HOST, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
};

it('GET /metrics counts a sign-in, a refused guess, a rate limit and a delivery, on its own port behind a token', async () => {
  // Four guesses per address: a wrong code, the right one, two more wrong ones; the fifth is refused.
  const config = testConfig();
  config.rate_limits.guesses_per_ip = { limit: 4, per_seconds: 600 };
  // The passcode goes out by mail, through the delivery worker, to an SMTP server on localhost.
  const smtp = await startSmtpStandIn();
  const [first, ...others] = config.projects;
  if (!first) throw new Error('testConfig has no project');
  config.projects = [
    {
      ...first,
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Latch <no-reply@latch.test>' },
    },
    ...others,
  ];
  const { child, provider, origin, metricsUrl } = await startProvider(
    { LATCH_DATA_DIR: join(dir, 'data') },
    config,
  );

  const email = 'metrics@example.com';
  const sent = await sdk(origin, '/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const methodId = sent.body.data?.['email_id'] ?? sent.body.data?.['method_id'];
  const inbox = (await (await fetch(`${origin}/dev/inbox.json?to=${email}`)).json()) as { code: string }[];
  const code = inbox[0]?.code ?? '';
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  const guess = (token: string) =>
    sdk(origin, '/otps/authenticate', { method_id: methodId, token, session_duration_minutes: 60 });

  expect((await guess(wrong)).status).toBe(404);
  expect((await guess(code)).status).toBe(200);
  expect((await guess(wrong)).status).toBe(404);
  expect((await guess(wrong)).status).toBe(404);
  expect((await guess(wrong)).status).toBe(429);

  // Off the public port, and only with the token.
  expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  expect((await fetch(metricsUrl)).status).toBe(401);
  expect((await fetch(metricsUrl, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);

  const metrics = await scrape(metricsUrl, TOKEN);
  expect(total(metrics, 'latch_sign_ins_total', { method: 'otp', outcome: 'success' })).toBe(1);
  expect(total(metrics, 'latch_sign_ins_total', { method: 'otp', outcome: 'otp_code_not_found' })).toBe(3);
  expect(total(metrics, 'latch_sign_ins_total', { method: 'otp', outcome: 'too_many_requests' })).toBe(1);
  expect(total(metrics, 'latch_rate_limit_refusals_total', { budget: 'guesses:ip' })).toBe(1);
  expect(total(metrics, 'latch_sends_total', { channel: 'email', outcome: 'queued' })).toBe(1);
  // Counted once the worker records the outcome, just after the server accepted the mail.
  await expect
    .poll(async () => total(await scrape(metricsUrl, TOKEN), 'latch_deliveries_total', { channel: 'email' }))
    .toBe(1);
  expect(smtp.mails.map((mail) => mail.to)).toEqual([[email]]);
  const delivered = await scrape(metricsUrl, TOKEN);
  expect(total(delivered, 'latch_deliveries_total', { channel: 'email', outcome: 'sent' })).toBe(1);
  const authenticate = { method: 'POST', route: '/sdk/v1/otps/authenticate' };
  expect(
    total(metrics, 'latch_http_request_duration_seconds_count', { ...authenticate, status: '200' }),
  ).toBe(1);
  expect(
    total(metrics, 'latch_http_request_duration_seconds_count', { ...authenticate, status: '404' }),
  ).toBe(3);
  expect(
    total(metrics, 'latch_http_request_duration_seconds_count', { ...authenticate, status: '429' }),
  ).toBe(1);
  // No raw path ever becomes a label: the unrouted /metrics request is counted under `/*`.
  expect(total(metrics, 'latch_http_request_duration_seconds_count', { route: '/*', status: '404' })).toBe(1);
  expect(
    total(metrics, 'latch_db_query_duration_seconds_count', { db: 'pglite', kind: 'query' }),
  ).toBeGreaterThan(5);
  expect(total(metrics, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

  child.kill('SIGTERM');
  expect(await provider.exited).toBe(0);
  await smtp.close();
}, 90_000);

it('with two workers, the metrics port answers both workers summed', async () => {
  const { child, provider, origin, metricsUrl } = await startProvider({
    DATABASE_URL: await createPostgresDatabase(),
    LATCH_WORKERS: '2',
  });
  // A new connection each time: the cluster hands them to the workers in turn.
  const requests = 12;
  for (let i = 0; i < requests; i += 1)
    expect((await fetch(`${origin}/healthz`, { headers: { Connection: 'close' } })).status).toBe(200);

  const metrics = await scrape(metricsUrl, TOKEN);
  expect(
    total(metrics, 'latch_http_request_duration_seconds_count', { route: '/healthz', status: '200' }),
  ).toBe(requests);
  // Each worker keeps 3 connections: 6 is both workers' gauges summed.
  expect(total(metrics, 'latch_db_pool_connections')).toBe(6);

  child.kill('SIGTERM');
  expect(await provider.exited).toBe(0);
}, 90_000);
