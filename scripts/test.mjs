// `npm test`: every check, in two phases. The static checks and the build share the first; unit
// and browser tests share the second, once the build they need is there. Side by side they fill
// both cores of a small machine: the browser tests spend much of their time waiting on pages and
// timers, the unit tests in database set-up, so run one after the other they left a core idle
// for minutes. A phase with one chain streams its output; chains side by side print whole when
// they end, so logs stay readable. Any failure stops the rest and fails the command.
import { spawn } from 'node:child_process';

const PHASES = [
  [['typecheck'], ['lint'], ['build', 'size', 'pack:check']],
  [['test:unit'], ['test:e2e']],
];

const running = new Set();
let failed = false;

function runScript(script, out) {
  return new Promise((resolve) => {
    // Own process group, so a failure elsewhere can stop this script and everything it started.
    const child = spawn('npm', ['run', '--silent', script], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.stdout.on('data', out);
    child.stderr.on('data', out);
    child.on('close', (code) => {
      running.delete(child);
      resolve(code === 0);
    });
  });
}

async function runChain(scripts, live) {
  const name = scripts.join(' → ');
  const started = Date.now();
  const log = [];
  const out = live ? (chunk) => process.stdout.write(chunk) : (chunk) => log.push(chunk);
  if (live) process.stdout.write(`\n── ${name} ──\n`);
  let ok = true;
  for (const script of scripts) {
    if (failed) return;
    ok = await runScript(script, out);
    if (!ok) break;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (failed && !ok) return;
  process.stdout.write(`\n── ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s ──\n`);
  process.stdout.write(Buffer.concat(log));
  if (!ok) stopAll();
}

function stopAll() {
  failed = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

// Detached children miss the terminal's Ctrl-C; pass it on.
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const started = Date.now();
for (const phase of PHASES) {
  await Promise.all(phase.map((chain) => runChain(chain, phase.length === 1)));
  if (failed) process.exit(1);
}
process.stdout.write(`\nnpm test: ok in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
