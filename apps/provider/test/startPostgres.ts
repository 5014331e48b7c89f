import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './freePort';

const execFileAsync = promisify(execFile);

export interface RunningPostgres {
  url: string;
  /** The same server through its Unix socket, in libpq's form (`?host=<socket folder>`). */
  socketUrl: string;
  stop(): void;
}

/** `LATCH_PG_BIN`, else the newest Debian-style `/usr/lib/postgresql/<v>/bin` that has initdb. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env['LATCH_PG_BIN'];
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

const STOP_ARGS = (data: string) => ['-D', data, '-m', 'immediate', '-w', 'stop'];

/**
 * Starts a throwaway cluster on a free port; PostgreSQL refuses root, so root runs it as `postgres`.
 * It stops when the caller calls `stop()`, and when this process exits without calling it (Vitest
 * exits on Ctrl-C or SIGTERM without running its global teardown): `pg_ctl start` detaches the
 * server from our process group, so nothing else would stop it. Only a SIGKILL leaves it running.
 */
export async function startPostgres(bin: string): Promise<RunningPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'latch-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool: string, args: string[]): void => {
    const [file, argv] = command(tool, args);
    execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' });
  };
  // The start waits without blocking: the caller's own set-up work (PGlite's) runs meanwhile.
  const runWhileWaiting = async (tool: string, args: string[]): Promise<void> => {
    const [file, argv] = command(tool, args);
    await execFileAsync(file, argv, { encoding: 'utf8' });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    await runWhileWaiting('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    const log = join(dir, 'server.log');
    await runWhileWaiting('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr) : '';
    throw new Error(
      `PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${stderr}`,
      {
        cause: error,
      },
    );
  }
  const stop = (): void => {
    process.off('exit', stop);
    try {
      run('pg_ctl', STOP_ARGS(data));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop,
  };
}
