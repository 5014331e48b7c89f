// Stops a test run's throwaway PostgreSQL cluster when the process that started it is gone without
// stopping it (a vitest run killed by a timeout or Ctrl-C never reaches its global teardown, and
// the cluster would run on, holding memory and a port). Started detached by startPostgres.ts:
//   node postgresWatchdog.mjs <owner pid> <cluster folder> <command to stop it...>
// It exits by itself once the folder is gone: the owner stopped the cluster and removed it.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const [ownerArg, dir, ...stop] = process.argv.slice(2);
const owner = Number(ownerArg);
const POLL_MS = 1000;

function ownerAlive() {
  try {
    process.kill(owner, 0);
    return true;
  } catch (error) {
    // EPERM: alive, only not ours to signal.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

const timer = setInterval(() => {
  if (!existsSync(dir)) return clearInterval(timer);
  if (ownerAlive()) return;
  clearInterval(timer);
  try {
    execFileSync(stop[0], stop.slice(1), { stdio: 'ignore' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, POLL_MS);
