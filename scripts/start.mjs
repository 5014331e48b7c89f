// `npm start`: the provider on the auth origin and the demo host, as two child processes.
// Ctrl-C stops both; when either one dies the other is stopped too.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuTime } from './start/cpuTime.mjs';
import { startSettings } from './start/settings.mjs';
import { waitForReady } from './start/waitForReady.mjs';
import { watchOutput } from './start/watchOutput.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { authOrigin, demoOrigin, providerEnv, demoEnv } = startSettings();

// A silent, idle provider this long is hung; a slow but working one is waited for without limit.
const STALL_MS = 120_000;

const children = [];
let stopping = false;

function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = watchOutput(child);
  const server = { name, child, output, ready: false };
  // 'close', not 'exit': by then the child's last output has been read.
  child.on('close', (code, signal) => {
    if (stopping) return;
    const how = signal ?? `code ${code}`;
    console.error(
      server.ready
        ? `\n${name} exited (${how}); stopping.`
        : `\nThe ${name} exited (${how}) before it was ready; stopping. Its last output:\n${output.tail() || '(none)'}`,
    );
    stop(code ?? 1);
  });
  children.push(child);
  // Output or CPU time moving: the child is working, however long its start takes.
  server.progress = () => `${output.bytes()}:${cpuTime(child.pid)}`;
  return server;
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

/** True once `server` answers `url`; a hung server is stopped with its last output shown. */
async function ready(server, url) {
  const result = await waitForReady({
    url,
    child: server.child,
    progress: server.progress,
    stallMs: STALL_MS,
    onSlow: (seconds) => console.log(`The ${server.name} is still starting (${seconds} s) …`),
  });
  server.ready = result === 'ready';
  if (result === 'stalled' && !stopping) {
    console.error(
      `\nThe ${server.name} made no progress (no output, no CPU) for ${STALL_MS / 1000} s and does not answer ${url}; stopping. Its last output:\n${server.output.tail() || '(none)'}`,
    );
    stop(1);
  }
  return server.ready;
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The compiled provider `npm start` has just built: plain node, nothing to transpile at start.
const provider = start('provider', ['apps/provider/dist/main.js'], providerEnv);
if (await ready(provider, `${authOrigin}/dev/projects.json`)) {
  const demo = start('demo', ['apps/demo/server.mjs'], demoEnv);
  if (await ready(demo, `${demoOrigin}/config.js`)) {
    console.log(`
Latch is running.
Auth origin: ${authOrigin}
Demo: ${demoOrigin}
Dev inbox: ${authOrigin}/dev/inbox
Press Ctrl-C to stop.
`);
  }
}
