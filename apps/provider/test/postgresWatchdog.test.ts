import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const WATCHDOG = fileURLToPath(new URL('./postgresWatchdog.mjs', import.meta.url));
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

function spawnTracked(args: string[]): ChildProcess {
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  started.push(child);
  return child;
}

/** A stand-in for the test run that owns the cluster, a cluster folder, and a stop command that leaves a mark. */
function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'latch-watchdog-'));
  const cluster = join(dir, 'cluster');
  const stopped = join(dir, 'stopped');
  mkdirSync(cluster);
  const owner = spawnTracked(['-e', 'setInterval(() => {}, 1000)']);
  const watchdog = spawnTracked([
    WATCHDOG,
    String(owner.pid),
    cluster,
    process.execPath,
    '-e',
    `require('node:fs').writeFileSync(${JSON.stringify(stopped)}, '')`,
  ]);
  return { dir, cluster, stopped, owner, watchdog };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('postgresWatchdog', () => {
  it(
    'stops the cluster and removes its folder when the owner dies without stopping it',
    { timeout: 30_000 },
    async () => {
      const { dir, cluster, stopped, owner, watchdog } = setUp();
      owner.kill('SIGKILL');
      await vi.waitFor(() => expect(existsSync(stopped)).toBe(true), { timeout: 20_000, interval: 200 });
      await vi.waitFor(() => expect(existsSync(cluster)).toBe(false), { timeout: 20_000, interval: 200 });
      await exited(watchdog);
      rmSync(dir, { recursive: true, force: true });
    },
  );

  it(
    'leaves without stopping anything once the owner has removed the cluster itself',
    { timeout: 30_000 },
    async () => {
      const { dir, cluster, stopped, owner, watchdog } = setUp();
      rmSync(cluster, { recursive: true, force: true });
      await exited(watchdog);
      owner.kill('SIGKILL');
      expect(existsSync(stopped)).toBe(false);
      rmSync(dir, { recursive: true, force: true });
    },
  );
});
