import type { ChildProcess } from 'node:child_process';
import { onTestFinished } from 'vitest';
import { fileURLToPath } from 'node:url';

/** The repository root: where a provider process started by a test runs. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `node --import tsx apps/provider/src/main.ts`: the provider from its sources, as one process.
 * Not the `tsx` command, which runs the script in a child and relays signals to it: on a loaded
 * machine that relay can give up on the child and kill it, so a SIGTERM test would see the
 * connection reset instead of the graceful stop under test. With `--import` the signal reaches
 * the provider itself, and `LATCH_WORKERS` forks inherit the loader through `execArgv`.
 */
export const PROVIDER_COMMAND: readonly [string, string[]] = [
  process.execPath,
  ['--import', 'tsx', 'apps/provider/src/main.ts'],
];

/**
 * Kills a provider started `detached` (its own process group: the primary and any workers) when the
 * test ends, passed or not: a test that times out never reaches its own clean-up, and a lone
 * primary would fork new workers for the ones it lost.
 */
export function killGroupWhenDone(child: ChildProcess): void {
  onTestFinished(() => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
}
