// `npm test`: every check, in phases. On a two-core machine each stage already keeps both cores
// busy, so stages that would fight for them run one after another; only the short static checks
// share a phase. (Unit and browser tests side by side finished 4 % sooner, 490 s against 510 s,
// and timed out more waits under the doubled load: not worth it.) A phase with one chain streams
// its output; chains side by side print whole when they end, so logs stay readable. Any failure
// stops the rest and fails the command.
import { spawn } from 'node:child_process';

const PHASES = [[['typecheck'], ['lint'], ['build', 'size', 'pack:check']], [['test:unit']], [['test:e2e']]];

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
