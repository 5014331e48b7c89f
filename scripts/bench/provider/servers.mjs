// The servers `npm run bench:provider` measures: the provider (a generated config, a fresh data
// folder, PGlite or a DATABASE_URL) and the hello-world baseline. Each is a child process in its
// own process group, with its output in a log file rather than piped through this process (whose
// CPU belongs to the load generator), stopped by group id.
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { UNLIMITED_RATE_LIMITS } from '../../unlimitedRateLimits.mjs';
import { freePort } from './ports.mjs';

/** The host page the bench's "visitors" come from: an authorized origin of the project (no server needed). */
export const HOST_ORIGIN = 'http://127.0.0.1:3000';
export const PUBLIC_TOKEN = 'public-token-test-loadbench-0000-4000-8000-000000000001';

export const PROJECT = {
  project_id: 'project-test-loadbench-0000-4000-8000-000000000001',
  public_token: PUBLIC_TOKEN,
  secret: 'secret-test-loadbench-0000000000000001',
  name: 'Latch load bench',
  test: true,
  authorized_origins: [HOST_ORIGIN],
  redirect_urls: [`${HOST_ORIGIN}/authenticate`],
};

/**
 * How the provider is started: the compiled build when it exists (`npm run build --workspace
 * @latch/provider`), else the sources through tsx. The one place to change it.
 * @param {string} root the repository
 * @param {{ fromSource?: boolean }} [options] `fromSource`: ignore the build
 * @returns {{ args: string[], label: string }} node's arguments and what to print
 */
export function providerEntry(root, { fromSource = false } = {}) {
  const dist = join(root, 'apps/provider/dist/main.js');
  if (!fromSource && existsSync(dist)) {
    const built = statSync(dist).mtimeMs;
    const newer = newestSource(root);
    // A build older than its sources measures yesterday's code: say so, loudly.
    const stale =
      newer.mtimeMs > built
        ? `; OLDER than ${newer.path} (changed ${utc(newer.mtimeMs)} UTC): rebuild, or pass --source`
        : '';
    return { args: [dist], label: `node apps/provider/dist/main.js (built ${utc(built)} UTC${stale})` };
  }
  return {
    args: ['--import', 'tsx', join(root, 'apps/provider/src/main.ts')],
    label: 'node --import tsx apps/provider/src/main.ts',
  };
}

const utc = (ms) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The most recently changed file of the provider's sources and migrations (what the build bundles). */
function newestSource(root) {
  let newest = { path: '', mtimeMs: 0 };
  for (const folder of ['apps/provider/src', 'apps/provider/migrations']) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath ?? entry.path, entry.name);
      const { mtimeMs } = statSync(file);
      if (mtimeMs > newest.mtimeMs) newest = { path: relative(root, file), mtimeMs };
    }
  }
  return newest;
}

/** A server that did not come up or went away: the message says which and ends with its output. */
export class ServerError extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether any process of the group is left (signal 0 only checks). */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * How many Node processes the group has: the provider's primary plus its workers, if any (tsx's
 * esbuild service, also in the group, is not one).
 */
function groupSize(pgid) {
  try {
    const args = ['-g', String(pgid), '-x', basename(process.execPath)];
    return execFileSync('pgrep', args, { encoding: 'utf8' }).trim().split('\n').length;
  } catch {
    return undefined; // No pgrep, or the group is gone.
  }
}

/**
 * Starts `node <args>` detached in `dir` with output to `<dir>/<name>.log`. `ready` resolves once
 * `readyUrl` answers 200; it rejects with the log's tail if the process exits or takes longer than
 * `timeoutMs`. `stop()` sends SIGTERM to the group, SIGKILL after 5 s, and removes `dir`;
 * `kill()` is the synchronous last resort for an exit handler.
 */
function spawnServer({ name, args, env, dir, readyUrl, cwd, timeoutMs = 60_000 }) {
  const logPath = join(dir, `${name}.log`);
  const logFd = openSync(logPath, 'a');
  const child = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const pgid = child.pid;
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  const log = () => {
    try {
      return readFileSync(logPath, 'utf8');
    } catch {
      return '';
    }
  };
  const tail = () => log().trimEnd().split('\n').slice(-20).join('\n') || '(no output)';

  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !exited) {
      const ok = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await sleep(200);
    }
    const why = exited ? 'the process exited' : `not ready after ${timeoutMs / 1000} s`;
    throw new ServerError(`The ${name} did not start (${why}). Its output:\n${tail()}`);
  })();

  const kill = () => {
    if (pgid !== undefined && groupAlive(pgid)) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // Gone in between.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (pgid !== undefined && groupAlive(pgid)) {
      try {
        process.kill(-pgid, 'SIGTERM');
      } catch {
        // Gone in between.
      }
      for (let waited = 0; waited < 5000 && groupAlive(pgid); waited += 100) await sleep(100);
    }
    kill();
  };
  return {
    ready,
    stop,
    kill,
    log,
    tail,
    alive: () => !exited,
    processes: () => (pgid === undefined ? undefined : groupSize(pgid)),
    /** The process group (workers included), for CPU readings. */
    pgid,
  };
}

/**
 * The provider on a free port of 127.0.0.1 with a generated config (dev routes on, rate limits
 * lifted) and a fresh data folder: PGlite, or `databaseUrl`. `workers` becomes LATCH_WORKERS.
 * @param {string} root
 * `project` and `config` add keys to the generated project and config (an SMTP server, delivery settings).
 * @param {{ databaseUrl?: string, workers?: number, fromSource?: boolean, project?: object, config?: object }} storage
 */
export async function startProvider(
  root,
  { databaseUrl, workers, fromSource, project = {}, config: extra = {} } = {},
) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-provider-'));
  const configPath = join(dir, 'latch.config.json');
  const config = {
    dev_routes: true,
    rate_limits: UNLIMITED_RATE_LIMITS,
    ...extra,
    projects: [{ ...PROJECT, ...project }],
  };
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LATCH_AUTH_ORIGIN: origin,
    LATCH_CONFIG: configPath,
    LATCH_DATA_DIR: join(dir, 'data'),
  };
  // Only what this run asks for, whatever the shell exports.
  delete env.DATABASE_URL;
  delete env.LATCH_WORKERS;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (workers !== undefined) env.LATCH_WORKERS = String(workers);
  const server = spawnServer({
    name: 'provider',
    args: providerEntry(root, { fromSource }).args,
    env,
    dir,
    cwd: root,
    readyUrl: `http://127.0.0.1:${port}/readyz`,
  });
  return { ...server, port, origin };
}

/** The hello-world baseline (helloServer.mjs) on a free port of 127.0.0.1. */
export async function startHello(root) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-hello-'));
  const server = spawnServer({
    name: 'hello-world server',
    args: [join(root, 'scripts/bench/provider/helloServer.mjs')],
    env: { ...process.env, PORT: String(port) },
    dir,
    cwd: root,
    readyUrl: `http://127.0.0.1:${port}/`,
  });
  return { ...server, port };
}
