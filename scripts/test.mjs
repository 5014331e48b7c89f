// `npm test`: typecheck and lint side by side, then unit tests beside build → size → e2e. Each
// chain's output is held and printed whole when it ends, so logs stay readable; any failure stops
// the other chains and fails the command.
import { spawn } from 'node:child_process';

const PHASES = [
  [['typecheck'], ['lint']],
  [['test:unit'], ['build', 'size', 'test:e2e']],
];

const running = new Set();
let failed = false;

function runScript(script, log) {
  return new Promise((resolve) => {
    // Own process group, so a failure elsewhere can stop this script and everything it started.
    const child = spawn('npm', ['run', '--silent', script], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.stdout.on('data', (chunk) => log.push(chunk));
    child.stderr.on('data', (chunk) => log.push(chunk));
    child.on('close', (code) => {
      running.delete(child);
      resolve(code === 0);
    });
  });
}

async function runChain(scripts) {
  const name = scripts.join(' → ');
  const started = Date.now();
  const log = [];
  let ok = true;
  for (const script of scripts) {
    if (failed) return;
    ok = await runScript(script, log);
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

for (const phase of PHASES) {
  await Promise.all(phase.map(runChain));
  if (failed) process.exit(1);
}
