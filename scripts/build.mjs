// `npm run build`: each workspace's own `build` script, two at a time where neither reads the
// other's output, then the precompression of what the provider serves. The largest part is the
// published packages' declaration bundles (`scripts/bundleTypes.mjs`), one TypeScript program each
// on one core, so two builds run side by side (the whole build: about 19 s on two cores). Each
// workspace's output is printed whole when it ends; a failure lets the running builds end, then
// exits with its code.
import { spawn } from 'node:child_process';

/** Each workspace, with the workspaces whose dist/ its build reads. */
const WORKSPACES = {
  '@latch/loader': [],
  '@latch/session': [],
  // Its declarations import @latch/loader's.
  '@latch/react': ['@latch/loader'],
  // Built as an integrator builds an app: from @latch/react's and @latch/loader's dist/.
  '@latch/example-react': ['@latch/react', '@latch/loader'],
  '@latch/frame': [],
  '@latch/provider': [],
};
const CONCURRENCY = 2;

/** Runs a command with its output held, then printed under `label`; resolves to its exit code. */
function run(command, args, label) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── ${label}${code === 0 ? '' : ': FAILED'} ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const waiting = new Set(Object.keys(WORKSPACES));
const built = new Set();
const running = new Map();
let failure = 0;
while (!failure && (waiting.size > 0 || running.size > 0)) {
  for (const name of waiting) {
    if (running.size >= CONCURRENCY) break;
    if (!WORKSPACES[name].every((dependency) => built.has(dependency))) continue;
    waiting.delete(name);
    const build = run('npm', ['run', 'build', '--workspace', name], `build ${name}`);
    running.set(
      name,
      build.then((code) => ({ name, code })),
    );
  }
  if (running.size === 0) throw new Error(`build: nothing can start, check WORKSPACES: ${[...waiting]}`);
  const { name, code } = await Promise.race(running.values());
  running.delete(name);
  built.add(name);
  failure = code;
}
await Promise.all(running.values());
if (failure) process.exit(failure);
process.exit(await run(process.execPath, ['scripts/precompress.mjs'], 'precompress'));
