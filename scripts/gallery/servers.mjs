// The gallery's two servers: the provider (auth origin) on its own port with a throwaway config
// and data folder, and a tiny static host page that mounts the widget with options from its URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNLIMITED_RATE_LIMITS } from '../unlimitedRateLimits.mjs';

// Other ports for a second gallery running beside the first (another worktree).
export const PROVIDER_PORT = Number(process.env.LATCH_GALLERY_AUTH_PORT ?? 4500);
export const HOST_PORT = Number(process.env.LATCH_GALLERY_HOST_PORT ?? 3500);
export const AUTH_ORIGIN = `http://localhost:${PROVIDER_PORT}`;
export const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
export const PUBLIC_TOKEN = 'public-token-test-gallery-00000000-0000-4000-8000-000000000001';

const PROJECT = {
  project_id: 'project-test-gallery-00000000-0000-4000-8000-000000000001',
  public_token: PUBLIC_TOKEN,
  secret: 'secret-test-gallery-0000000000000001',
  name: 'Latch gallery',
  test: true,
  authorized_origins: [HOST_ORIGIN],
  redirect_urls: [`${HOST_ORIGIN}/`, `${HOST_ORIGIN}/authenticate`, `${HOST_ORIGIN}/reset-password`],
  display_watermark: true,
  rbac_scopes: [{ scope: 'read:notes', description: 'Read your notes' }],
  connected_apps: [
    {
      client_id: 'connected-app-test-gallery-notes',
      client_name: 'Gallery Notes',
      client_type: 'third_party',
      redirect_urls: [`${HOST_ORIGIN}/third-party-app`],
      post_logout_redirect_urls: [`${HOST_ORIGIN}/third-party-app`],
    },
  ],
};

/** Starts the compiled provider (`npm run gallery` builds it) with a temporary config and data folder. */
export async function startProvider(root, { timeoutMs = 90_000 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'latch-gallery-'));
  const configPath = join(dir, 'latch.config.json');
  writeFileSync(
    configPath,
    JSON.stringify({ dev_routes: true, rate_limits: UNLIMITED_RATE_LIMITS, projects: [PROJECT] }, null, 2),
  );
  // Its own process group, so stopping it stops everything it started.
  const child = spawn(process.execPath, ['apps/provider/dist/main.js'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PROVIDER_PORT),
      LATCH_AUTH_ORIGIN: AUTH_ORIGIN,
      LATCH_CONFIG: configPath,
      LATCH_DATA_DIR: join(dir, 'data'),
    },
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const stop = () => {
    try {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${AUTH_ORIGIN}/loader.js`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { stop, log: () => log };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`The provider did not start on ${AUTH_ORIGIN}:\n${log}`);
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Latch gallery host</title>
<style>
  body { margin: 0; padding: 24px; background: #f4f6f8; }
  @media (prefers-color-scheme: dark) { body { background: #0b141a; } }
  #widget { width: 400px; }
</style>
<script src="${AUTH_ORIGIN}/loader.js"></script>
</head>
<body>
<div id="widget"></div>
<script>
  const o = JSON.parse(new URLSearchParams(location.search).get('o') || '{}');
  window.latchEvents = [];
  window.latchErrors = [];
  const method = {
    login: 'mountLogin',
    'reset-password': 'mountResetPassword',
    'passkey-registration': 'mountPasskeyRegistration',
    'identity-provider': 'mountIdentityProvider',
  }[o.kind || 'login'];
  const options = {
    elementId: '#widget',
    config: o.config,
    styles: o.styles,
    callbacks: {
      onEvent: (e) => window.latchEvents.push(e),
      onError: (e) => window.latchErrors.push(e),
    },
  };
  if (o.passwordResetToken) options.passwordResetToken = o.passwordResetToken;
  Latch.createClient(${JSON.stringify(PUBLIC_TOKEN)})[method](options);
</script>
</body>
</html>`;

/** The host page on 127.0.0.1 (another site than the auth origin, as in production). */
export function startHost() {
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(PAGE);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(HOST_PORT, '127.0.0.1', () => resolve({ stop: () => server.close() }));
  });
}
