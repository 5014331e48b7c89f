// `npm start`'s build: each workspace's own `build` script, in the order of `workspaces`, only for
// those whose sources or outputs changed since their last build (buildRecord.mjs); one line each.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, recordDir, staleReason } from './buildRecord.mjs';

const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));

/** Runs a command with its output held back; the output, when it fails. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve(code === 0 ? null : output));
  });
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const started = Date.now();
let built = 0;
for (const workspace of rootPackage.workspaces) {
  const dir = join(REPO_ROOT, workspace);
  const { name, scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (!scripts?.build) continue;
  const reason = staleReason(dir);
  if (!reason) continue;
  // A build that stops half-way leaves no record, so the next start tries again.
  rmSync(recordDir(dir), { recursive: true, force: true });
  process.stdout.write(`Building ${name} (${reason}) … `);
  const since = Date.now();
  const failure = await run('npm', ['run', '--silent', 'build', '--workspace', name]);
  if (failure !== null) {
    rmSync(recordDir(dir), { recursive: true, force: true });
    console.log(`failed after ${seconds(since)}:\n${failure}`);
    process.exit(1);
  }
  console.log(seconds(since));
  built += 1;
}
if (built > 0) {
  const failure = await run(process.execPath, [join(REPO_ROOT, 'scripts/precompress.mjs')]);
  if (failure !== null) {
    console.error(failure);
    process.exit(1);
  }
  console.log(`Built ${built} workspace${built === 1 ? '' : 's'} in ${seconds(started)}.`);
} else {
  console.log(`The build is up to date (checked in ${seconds(started)}).`);
}
