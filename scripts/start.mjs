// `npm start`: the provider on the auth origin and the demo host, as two child processes.
// Ctrl-C stops both; when either one dies the other is stopped too.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const providerPort = process.env.LATCH_PROVIDER_PORT ?? '4000';
const authOrigin = process.env.LATCH_AUTH_ORIGIN ?? `http://localhost:${providerPort}`;
const demoPort = process.env.LATCH_DEMO_PORT ?? '3000';
const demoOrigin = `http://127.0.0.1:${demoPort}`;
const READY_TIMEOUT_MS = 60_000;

const children = [];
let stopping = false;

function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`\n${name} exited (${signal ?? `code ${code}`}); stopping.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(exitCode) {
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (alive.length === 0) process.exit(exitCode);
  let left = alive.length;
  for (const child of alive) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
  // A child that ignores SIGTERM must not keep the terminal.
  setTimeout(() => {
    for (const child of alive) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
}

/** Resolves true once `url` answers 2xx, false when `child` dies or the time runs out. */
async function waitFor(url, child) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const provider = start(
  'provider',
  [join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/provider/src/main.ts'],
  {
    PORT: providerPort,
    LATCH_AUTH_ORIGIN: authOrigin,
  },
);
const demo = (await waitFor(`${authOrigin}/dev/projects.json`, provider))
  ? start('demo', ['apps/demo/server.mjs'], { PORT: demoPort, LATCH_AUTH_ORIGIN: authOrigin })
  : null;
if (!demo || !(await waitFor(`${demoOrigin}/config.js`, demo))) {
  if (!stopping) {
    console.error(`${demo ? 'The demo' : 'The provider'} did not start within ${READY_TIMEOUT_MS / 1000} s.`);
    stop(1);
  }
} else {
  console.log(`
Latch is running.
Auth origin: ${authOrigin}
Demo: ${demoOrigin}
Dev inbox: ${authOrigin}/dev/inbox
Press Ctrl-C to stop.
`);
}
