import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVIDER_COMMAND, REPO_ROOT, spawnProvider } from './providerProcess';
import { basic, HOST, testConfig, testProject, TEST_ENCRYPTION_KEY, TEST_TOKEN } from './testConfig';

const dir = mkdtempSync(join(tmpdir(), 'latch-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  return spawnSync(...PROVIDER_COMMAND, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      LATCH_DATA_DIR: join(dir, 'data'),
      LATCH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('main.ts', () => {
  it('stops with exit code 1 and says what is wrong where, for a bad config file', () => {
    const file = join(dir, 'latch.config.json');
    writeFileSync(
      file,
      JSON.stringify({ projects: [testProject({ authorized_origins: ['http://a.test', 'http://x/'] })] }),
    );
    const result = start({ LATCH_CONFIG: file });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Latch provider cannot start: ${file}: projects[0].authorized_origins[1]: "http://x/" is not an origin (no path allowed)`,
    );
  }, 60_000);

  it('stops with exit code 1 and one line when a live project has no LATCH_ENCRYPTION_KEY', () => {
    const file = join(dir, 'live.config.json');
    writeFileSync(file, JSON.stringify(testConfig()));
    const result = start({ LATCH_CONFIG: file, LATCH_ENCRYPTION_KEY: '' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Latch provider cannot start: LATCH_ENCRYPTION_KEY: not set; a provider with a live project (or ' +
        'NODE_ENV=production) seals its signing keys with it: generate one with "openssl rand -base64 32"',
    );
    // Test projects only, in production: refused too.
    const testOnly = join(dir, 'test-only.config.json');
    writeFileSync(testOnly, JSON.stringify({ projects: [testProject()] }));
    const production = start({ LATCH_CONFIG: testOnly, LATCH_ENCRYPTION_KEY: '', NODE_ENV: 'production' });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain('Latch provider cannot start: LATCH_ENCRYPTION_KEY: not set;');
  }, 60_000);

  it('stops with exit code 1 for a bad LATCH_AUTH_ORIGIN', () => {
    const result = start({ LATCH_AUTH_ORIGIN: 'http://localhost:4000/app' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('LATCH_AUTH_ORIGIN');
  }, 60_000);

  it('stops with exit code 1 for a LATCH_DEV_ORIGINS entry that is not an origin', () => {
    const result = start({ LATCH_DEV_ORIGINS: 'http://127.0.0.1:3600,http://localhost:3600/' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Latch provider cannot start: LATCH_DEV_ORIGINS: "http://localhost:3600/" is not an origin (no path allowed)',
    );
  }, 60_000);

  it('stops with exit code 1 for a LATCH_SHUTDOWN_GRACE_SECONDS that is not a positive number', () => {
    const result = start({ LATCH_SHUTDOWN_GRACE_SECONDS: 'soon' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Latch provider cannot start: LATCH_SHUTDOWN_GRACE_SECONDS: "soon" is not a number of seconds above 0',
    );
  }, 60_000);

  it('stops with exit code 1 and one line, no stack, for a PostgreSQL nobody answers on', () => {
    // Port 1 on the loopback: reserved (tcpmux), never a PostgreSQL here, refused at once.
    const result = start({ DATABASE_URL: 'postgres://latch:s3cret@127.0.0.1:1/latch' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Latch provider cannot start: PostgreSQL at 127.0.0.1:1/latch cannot be used: connect ECONNREFUSED 127.0.0.1:1',
    );
  }, 60_000);

  it('stops with exit code 1 for a LATCH_LOG_LEVEL that is not a pino level', () => {
    const result = start({ LATCH_LOG_LEVEL: 'loud' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Latch provider cannot start: LATCH_LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent',
    );
  }, 60_000);
});

/** Resolves once a new connection to `port` is refused; fails if that has not happened in 20 s. */
async function refusesConnections(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { Connection: 'close' } });
    } catch {
      return;
    }
    // Poll interval while the provider takes the signal.
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the provider still accepted new connections 20 s after SIGTERM');
}

// Also the one test of a provider process on an empty data folder (initdb and every migration at
// start): other tests copy a migrated one.
it('on SIGTERM finishes a request in flight, refuses new ones, and exits 0', async () => {
  const configFile = join(dir, 'shutdown.config.json');
  writeFileSync(configFile, JSON.stringify(testConfig()));
  const provider = spawnProvider({
    LATCH_CONFIG: configFile,
    LATCH_DATA_DIR: join(dir, 'shutdown-data'),
    // Room for a loaded machine; the old fixed 2 s exit still cut the request below.
    LATCH_SHUTDOWN_GRACE_SECONDS: '60',
  });
  const { child, exited } = provider;
  const port = await provider.port;

  // A slow upload: the request is in flight (its body half sent) when SIGTERM arrives, and its
  // second half comes later than any short grace period would wait.
  const body = JSON.stringify({ email: 'slow@example.com' });
  const agent = new Agent({ keepAlive: true });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/sdk/v1/otps/email/login_or_create',
        agent,
        headers: {
          Authorization: basic(TEST_TOKEN),
          Origin: HOST,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    // With `Expect: 100-continue` the server answers once it has read the headers: from then on the
    // request is in flight (a connection whose request has not arrived yet may be closed as idle).
    req.on('continue', () => {
      req.write(body.slice(0, 10), () => {
        child.kill('SIGTERM');
        // The rest of the body goes once the provider refuses new connections (it has taken the
        // signal) and 3 s have passed: longer than the old fixed 2 s exit, shorter than the grace.
        void Promise.all([refusesConnections(port), new Promise((done) => setTimeout(done, 3000))]).then(
          () => req.end(body.slice(10)),
          reject,
        );
      });
    });
    req.flushHeaders();
  });

  const { status, body: text } = await answer;
  // Signed with the project's token, the route needs the whole body: it answers only after the rest.
  expect(status).toBe(200);
  expect(JSON.parse(text)).toMatchObject({ data: { status_code: 200 } });
  expect(await exited).toBe(0);
  const output = provider.output();
  expect(output).toContain('SIGTERM, finishing requests in flight');
  // stdout is JSON lines, flushed before the exit: the request that finished across the signal has its line.
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toContainEqual(
    expect.objectContaining({ msg: 'request', route: '/sdk/v1/otps/email/login_or_create', status: 200 }),
  );
  agent.destroy();
}, 60_000);
