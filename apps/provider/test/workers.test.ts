import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PROVIDER_COMMAND, REPO_ROOT, spawnProvider } from './providerProcess';
import { testConfig, sdkHeaders } from './testConfig';
import { createPostgresDatabase } from './testDatabases';

const dir = mkdtempSync(join(tmpdir(), 'latch-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Served {
  status: number;
  body: Record<string, unknown>;
  requestId: string;
}

/** An SDK POST on a new connection each time, so the cluster may hand it to either worker. */
async function post(port: number, path: string, body: unknown, sessionToken?: string): Promise<Served> {
  const response = await fetch(`http://127.0.0.1:${port}/sdk/v1${path}`, {
    method: 'POST',
    headers: { ...sdkHeaders(sessionToken), Connection: 'close' },
    body: JSON.stringify(body),
  });
  // The SDK envelope: `{ data: { … } }`.
  const { data } = (await response.json()) as { data?: Record<string, unknown> };
  return {
    status: response.status,
    body: data ?? {},
    requestId: response.headers.get('X-Request-Id') ?? '',
  };
}

it('refuses LATCH_WORKERS above 1 on PGlite, which one process holds', () => {
  const result = spawnSync(...PROVIDER_COMMAND, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      LATCH_DATA_DIR: join(dir, 'pglite-data'),
      LATCH_WORKERS: '2',
      DATABASE_URL: '',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    'Latch provider cannot start: LATCH_WORKERS: 2 workers need PostgreSQL (DATABASE_URL); PGlite serves from one process',
  );
}, 60_000);

it('two workers over PostgreSQL share the port, and a session made through one is accepted by the other', async () => {
  const configFile = join(dir, 'workers.config.json');
  writeFileSync(configFile, JSON.stringify(testConfig()));
  const provider = spawnProvider({
    LATCH_CONFIG: configFile,
    DATABASE_URL: await createPostgresDatabase(),
    LATCH_WORKERS: '2',
  });
  const { child, exited, output } = provider;
  try {
    const port = await provider.port;

    const signUp = await post(port, '/passwords', {
      email: 'two-workers@example.com',
      password: 'a wholly unguessable passphrase 42',
      session_duration_minutes: 60,
    });
    expect(signUp.status).toBe(200);
    const sessionToken = signUp.body['session_token'];
    expect(typeof sessionToken).toBe('string');

    // Each request line in the log names the process that served it (`pid`) and its request id.
    const servedBy = (requestId: string): number | undefined => {
      for (const line of output().split('\n')) {
        if (!line.includes(requestId)) continue;
        const entry = JSON.parse(line) as { pid?: number; request_id?: string; msg?: string };
        if (entry.request_id === requestId && entry.msg === 'request') return entry.pid;
      }
      return undefined;
    };
    const pids = new Set<number>();
    const creator = await waitFor(() => servedBy(signUp.requestId));
    pids.add(creator);
    // New connections go to the workers in turn; a few tries reach the other one on a busy machine.
    let acceptedElsewhere = false;
    for (let attempt = 0; attempt < 10 && !acceptedElsewhere; attempt += 1) {
      const check = await post(port, '/sessions/authenticate', {}, String(sessionToken));
      expect(check.status).toBe(200);
      expect(check.body['session_token']).toBe(sessionToken);
      const pid = await waitFor(() => servedBy(check.requestId));
      pids.add(pid);
      acceptedElsewhere = pid !== creator;
    }
    expect(acceptedElsewhere).toBe(true);
    expect(pids.size).toBe(2);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('SIGTERM, asking each worker to finish its requests');
  } finally {
    child.kill('SIGKILL');
  }
}, 90_000);

/** The log is written asynchronously: poll briefly for the line. */
async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 50; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no log line for the request');
}
