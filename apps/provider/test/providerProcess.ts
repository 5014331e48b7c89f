import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { onTestFinished } from 'vitest';
import { TEST_ENCRYPTION_KEY } from './testConfig';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: where a provider process started by a test runs. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The compiled provider, as `npm start` runs it in production (`npm run build` makes it). */
const BUILT_MAIN = join(REPO_ROOT, 'apps/provider/dist/main.js');

/** Source trees the build compiles into dist/main.js: a file newer than the build makes it stale. */
const BUILD_SOURCES = ['apps/provider/src', 'packages/api/src', 'packages/protocol/src'].map((dir) =>
  join(REPO_ROOT, dir),
);

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestSourceMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

function builtIsFresh(): boolean {
  if (!existsSync(BUILT_MAIN)) return false;
  const built = statSync(BUILT_MAIN).mtimeMs;
  return BUILD_SOURCES.every((dir) => newestSourceMtime(dir) <= built);
}

/**
 * The provider as one process: the compiled build when it is at least as new as its sources (as
 * in `npm test`, which builds first, and as production runs it), else the sources through tsx,
 * so a test run after an edit never checks yesterday's build (the build starts faster than the
 * sources through tsx).
 *
 * Never the `tsx` command, which runs the script in a child and relays signals to it: on a loaded
 * machine that relay can give up on the child and kill it, so a SIGTERM test would see the
 * connection reset instead of the graceful stop under test. With `--import` the signal reaches
 * the provider itself, and `LATCH_WORKERS` forks inherit the loader through `execArgv`.
 */
export const PROVIDER_COMMAND: readonly [string, string[]] = [
  process.execPath,
  builtIsFresh() ? [BUILT_MAIN] : ['--import', 'tsx', 'apps/provider/src/main.ts'],
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

/** A provider process started with `PORT=0` and piped output, as a test watches it. */
export interface WatchedProvider {
  /** The port it says it listens on (`(port N` in its start line); rejects if it exits first. */
  port: Promise<number>;
  /** Its stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

export function watchProvider(child: ChildProcessByStdio<null, Readable, Readable>): WatchedProvider {
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\(port (\d+)[,)]/.exec(output);
      if (match?.[1]) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`the provider exited before listening:\n${output}`)));
  });
  return { port, output: () => output, exited };
}

/**
 * The provider started as a test starts it: on a free port of 127.0.0.1, in its own process group
 * (killed when the test ends), with the test encryption key (a live project needs one), and `env`
 * over this process's environment.
 */
export function spawnProvider(env: Record<string, string>) {
  const child = spawn(...PROVIDER_COMMAND, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LATCH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  killGroupWhenDone(child);
  return { child, ...watchProvider(child) };
}
