import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { killGroupWhenDone, REPO_ROOT, watchProvider } from '../providerProcess';
import { basic, HOST, testConfig, testProject, TEST_ENCRYPTION_KEY, TEST_TOKEN } from '../testConfig';

const DEPLOYABLE = join(REPO_ROOT, 'dist/provider');
const dir = mkdtempSync(join(tmpdir(), 'latch-deployable-'));
// An installed node_modules: thousands of files, seconds to delete on a loaded machine.
afterAll(() => rm(dir, { recursive: true, force: true }), 120_000);

/** What a machine that never saw the repository has: a PATH to node and npm, and a home for npm's cache. */
const BARE_ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? dir };

it('the deployable installs without dev dependencies, starts outside the repository and signs a visitor in', async () => {
  expect(existsSync(join(DEPLOYABLE, 'main.js')), 'dist/provider is built by `npm run build`').toBe(true);
  const app = join(dir, 'app');
  cpSync(DEPLOYABLE, app, { recursive: true });

  // Offline when npm's cache has every package (the repository's own `npm ci` filled it).
  const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: app,
    env: BARE_ENV,
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(install.status, install.stderr).toBe(0);
  // Production dependencies only: none of the repository's tools or test libraries.
  expect(existsSync(join(app, 'node_modules/hono'))).toBe(true);
  for (const devOnly of ['vitest', 'vite', 'typescript', 'tsx', 'stytch', '@latch/api'])
    expect(existsSync(join(app, 'node_modules', devOnly)), devOnly).toBe(false);

  const configFile = join(dir, 'latch.config.json');
  writeFileSync(configFile, JSON.stringify(testConfig()));
  const child = spawn(process.execPath, ['main.js'], {
    cwd: app,
    env: {
      ...BARE_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      LATCH_CONFIG: configFile,
      LATCH_DATA_DIR: join(dir, 'data'),
      // A live project's signing keys are sealed with it, as in production.
      LATCH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  killGroupWhenDone(child);
  const provider = watchProvider(child);
  const origin = `http://127.0.0.1:${await provider.port}`;

  // Its migrations, loader and frame come from inside the folder.
  expect(await (await fetch(`${origin}/readyz`)).json()).toEqual({ status: 'ready' });
  const loader = await fetch(`${origin}/loader.js`);
  expect(loader.status).toBe(200);
  expect(await loader.text()).toBe(readFileSync(join(app, 'loader/loader.js'), 'utf8'));
  const frame = await fetch(
    `${origin}/frame/login?public_token=${TEST_TOKEN}&origin=${encodeURIComponent(HOST)}`,
  );
  expect(frame.status).toBe(200);
  expect(await frame.text()).toContain('/frame/assets/');

  const sdk = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}/sdk/v1${path}`, {
      method: 'POST',
      headers: { Authorization: basic(TEST_TOKEN), Origin: HOST, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const email = 'deployed@example.com';
  const { method_id } = await sdk('/otps/email/login_or_create', { email });
  const inbox = (await (await fetch(`${origin}/dev/inbox.json?to=${email}`)).json()) as { code?: string }[];
  const code = inbox[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  const signedIn = await sdk('/otps/authenticate', { method_id, token: code, session_duration_minutes: 60 });
  expect(signedIn['session_token']).toEqual(expect.any(String));

  // The host's backend checks the visitor's session with the project's secret.
  const project = testProject();
  const check = await fetch(`${origin}/v1/sessions/authenticate`, {
    method: 'POST',
    headers: { Authorization: basic(project.project_id, project.secret), 'Content-Type': 'application/json' },
    body: JSON.stringify({ session_token: signedIn['session_token'] }),
  });
  expect(check.status).toBe(200);
  expect(await check.json()).toMatchObject({ user: { emails: [{ email, verified: true }] } });

  child.kill('SIGTERM');
  expect(await provider.exited).toBe(0);
}, 240_000);
