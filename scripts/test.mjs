// `npm test`: every check, in phases. On a two-core machine each stage already keeps both cores
// busy, so stages that would fight for them run one after another. (Unit and browser tests side by
// side finished 4 % sooner, 490 s against 510 s, and timed out more waits under the doubled load:
// not worth it.) The type check and lint feed nothing later, so they run beside the phases at the
// lowest CPU priority, on what the phases leave idle: the build's single-threaded steps, and the
// unit stage's waits on child processes and PostgreSQL (about a tenth of its time). From a tree
// without caches to the end of the unit stage: 154–158 s with them side by side with the build,
// 146–158 s beside the phases. Each phase streams its output; the checks beside print theirs whole
// when they end, so logs stay readable. Any failure stops the rest and fails the command.
import { spawn } from 'node:child_process';

/** One after another, each streaming its output. */
const PHASES = [['build', 'size', 'pack:check'], ['test:unit'], ['test:e2e']];
/** From the start, niced, beside the phases; printed whole when it ends. */
const BESIDE = ['typecheck', 'lint'];

const running = new Set();
let failed = false;

/** `nice` where there is one: the priority is inherited by everything the script starts. */
const niced = (command) => (process.platform === 'win32' ? command : ['nice', '-n', '19', ...command]);

function runScript(script, out, beside) {
  return new Promise((resolve) => {
    const npmRun = ['npm', 'run', '--silent', script];
    const [command, ...args] = beside ? niced(npmRun) : npmRun;
    // Own process group, so a failure elsewhere can stop this script and everything it started.
    const child = spawn(command, args, {
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

async function runChain(scripts, { beside }) {
  const name = scripts.join(' → ');
  const started = Date.now();
  const log = [];
  const out = beside ? (chunk) => log.push(chunk) : (chunk) => process.stdout.write(chunk);
  if (!beside) process.stdout.write(`\n── ${name} ──\n`);
  let ok = true;
  for (const script of scripts) {
    if (failed) return;
    ok = await runScript(script, out, beside);
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
const beside = runChain(BESIDE, { beside: true });
for (const phase of PHASES) {
  await runChain(phase, { beside: false });
  if (failed) process.exit(1);
}
await beside;
if (failed) process.exit(1);
process.stdout.write(`\nnpm test: ok in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
