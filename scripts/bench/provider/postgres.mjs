// A throwaway PostgreSQL cluster for `npm run bench:provider`: the same recipe as the provider's
// tests (apps/provider/test/startPostgres.ts), in plain JavaScript for a script run by bare node.
// Unlike the tests it keeps PostgreSQL's durability defaults (fsync on): the figures should be
// those of a real server, not of a scratch one.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.mjs';
import { ServerError } from './servers.mjs';

/** `LATCH_PG_BIN`, else the newest Debian-style `/usr/lib/postgresql/<v>/bin` that has initdb; null if none. */
export function findPostgresBin() {
  const fromEnv = process.env.LATCH_PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * Starts a cluster on a free port of 127.0.0.1. PostgreSQL refuses to run as root, so as root the
 * tools run as the `postgres` user (`runuser`). `stop()` is synchronous and idempotent, so an
 * exit handler can call it.
 * @param {string} bin folder of initdb, pg_ctl and postgres
 * @returns {Promise<{ url: string, socketUrl: string, version: string, postmasterPid(): number | undefined, stop(): void }>}
 */
export async function startPostgres(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (tool, args) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    return execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    // --no-sync only skips flushing the fresh cluster's files once; the server itself keeps fsync on.
    run('initdb', [
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
    // Room for several provider processes (10 pooled connections each) and a psql on the side.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = error && typeof error === 'object' && 'stderr' in error ? String(error.stderr) : '';
    throw new ServerError(
      `PostgreSQL did not start: ${error instanceof Error ? error.message : error}\n${stderr}`,
      {
        cause: error,
      },
    );
  }
  const version = run('postgres', ['--version']).trim();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // The same server through its Unix socket, named as libpq does (`host` = the socket's folder).
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    version,
    /** The postmaster's process id (its backends are its children): `postmaster.pid`'s first line. */
    postmasterPid() {
      try {
        return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
      } catch {
        return undefined;
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped. (The postmaster runs in a session of its own: Ctrl-C never reaches it,
        // so this is the only thing that stops it.)
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
