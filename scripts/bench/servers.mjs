// The benchmark's two servers: the provider on its own port with a throwaway config and data
// folder (a child process in its own group, stopped by pid), and the static host page, in-process.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPage } from './page.mjs';
import { floorFrame, floorPage, plainPage, stytchPage, stytchScript } from './peers.mjs';
import { UNLIMITED_RATE_LIMITS } from '../unlimitedRateLimits.mjs';

export const PROVIDER_PORT = 4600;
export const HOST_PORT = 3600;
export const AUTH_ORIGIN = `http://localhost:${PROVIDER_PORT}`;
export const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
export const PUBLIC_TOKEN = 'public-token-test-bench-00000000-0000-4000-8000-000000000001';

/** The bench's one project, embeddable by the host page at `hostOrigin`. */
const project = (hostOrigin) => ({
  project_id: 'project-test-bench-00000000-0000-4000-8000-000000000001',
  public_token: PUBLIC_TOKEN,
  secret: 'secret-test-bench-0000000000000001',
  name: 'Latch bench',
  test: true,
  authorized_origins: [hostOrigin],
  redirect_urls: [`${hostOrigin}/`, `${hostOrigin}/authenticate`, `${hostOrigin}/reset-password`],
  display_watermark: true,
});

/** Fails when something already listens on the port: the numbers must come from our servers. */
export function assertPortFree(host, port) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`Port ${port} on ${host} is in use; stop whatever listens there and retry.`));
    });
    socket.once('error', () => resolve());
  });
}

/** Fails when the provider's or the host page's port is taken (by default the bench's own pair). */
export async function assertBenchPortsFree(providerPort = PROVIDER_PORT, hostPort = HOST_PORT) {
  await assertPortFree('127.0.0.1', providerPort);
  await assertPortFree('127.0.0.1', hostPort);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the compiled provider of the checkout at `root` (after its `npm run build`). Returns at
 * once, so a caller can always stop it: `ready` resolves once it answers; `stop()` (sync,
 * idempotent) kills its process group by pid and removes the temp folder. `port` and `hostOrigin`
 * let several providers run side by side (benchAB.mjs).
 */
export function startProvider(
  root,
  { timeoutMs = 60_000, port = PROVIDER_PORT, hostOrigin = HOST_ORIGIN } = {},
) {
  const authOrigin = `http://localhost:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-'));
  const configPath = join(dir, 'latch.config.json');
  const logPath = join(dir, 'provider.log');
  writeFileSync(
    configPath,
    JSON.stringify(
      { dev_routes: true, rate_limits: UNLIMITED_RATE_LIMITS, projects: [project(hostOrigin)] },
      null,
      2,
    ),
  );
  const env = {
    ...process.env,
    PORT: String(port),
    LATCH_AUTH_ORIGIN: authOrigin,
    LATCH_CONFIG: configPath,
    LATCH_DATA_DIR: join(dir, 'data'),
  };
  // All interfaces and the embedded database, whatever the shell exports.
  delete env.HOST;
  delete env.DATABASE_URL;
  const log = createWriteStream(logPath);
  // The compiled provider `npm run bench` has just built.
  const child = spawn(process.execPath, [join(root, 'apps/provider/dist/main.js')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = () => {
    if (alive() && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const tail = () => {
    try {
      return readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '(no log)';
    }
  };
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && alive()) {
      const ok = await fetch(`${authOrigin}/dev/projects.json`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await sleep(250);
    }
    const why = alive() ? `not ready after ${timeoutMs / 1000} s` : 'the process exited';
    throw new Error(`The provider did not start on ${authOrigin} (${why}):\n${tail()}`);
  })();
  return { pid: child.pid, ready, stop };
}

/**
 * The host page server: `/bench?config=<name>` mounts the named login config; `/plain`, `/floor`
 * and `/stytch` are the peer pages (`/floor`'s frame is this server's `/floor-frame`, reached as
 * `localhost`: another site than the host page's 127.0.0.1); Stytch's uses `peerConfig`,
 * `/stytch/vanilla-js.js` is its SDK.
 * Its pages load the loader from, and point Stytch's client at, the provider at `authOrigin`.
 */
export function startHost(root, configs, peerConfig, { port = HOST_PORT, authOrigin = AUTH_ORIGIN } = {}) {
  const hostOrigin = `http://127.0.0.1:${port}`;
  const html = (body) => ({ type: 'text/html', body });
  const script = stytchScript(root);
  const peerFiles = {
    '/plain': html(plainPage()),
    '/floor': html(floorPage(`http://localhost:${port}`)),
    '/floor-frame': html(floorFrame()),
    '/stytch': html(stytchPage({ authOrigin, publicToken: PUBLIC_TOKEN, config: peerConfig })),
    [script.path]: script,
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', hostOrigin);
    const peer = req.method === 'GET' ? peerFiles[url.pathname] : undefined;
    if (peer) {
      res.writeHead(200, {
        'Content-Type': `${peer.type}; charset=utf-8`,
        'Cache-Control': 'no-store',
        ...(peer.encoding ? { 'Content-Encoding': peer.encoding, Vary: 'Accept-Encoding' } : {}),
      });
      res.end(peer.body);
      return;
    }
    const config = configs[url.searchParams.get('config') ?? ''];
    if (req.method !== 'GET' || url.pathname !== '/bench' || !config) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(benchPage({ authOrigin, publicToken: PUBLIC_TOKEN, config }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        stop: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    );
  });
}
