import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One provider per PGlite folder. PGlite has no lock of its own, and two processes writing one
 * folder lose acknowledged writes. The lock is a local socket named after the folder: the kernel
 * frees it when its process dies, however it dies, so `kill -9` leaves nothing behind (on Linux
 * the name lives in the abstract namespace and has no file; elsewhere a leftover socket file
 * refuses connections and is replaced). The holder answers a connection with its process id, so
 * the refusal can name it.
 */
export interface FolderLock {
  release(): Promise<void>;
}

/** A second provider on a folder in use: the start-up stops with this one-line message. */
export class FolderInUseError extends Error {
  override name = 'FolderInUseError';
}

function socketPath(dir: string): string {
  const id = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return `\0latch-pglite-${id}`;
  if (process.platform === 'win32') return `\\\\.\\pipe\\latch-pglite-${id}`;
  return join(tmpdir(), `latch-pglite-${id}.sock`);
}

const listen = (server: Server, path: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** The holder's process id; `null` when nobody listens (a stale socket file). */
const holderOf = (path: string): Promise<string | null> =>
  new Promise((resolve) => {
    const socket = createConnection(path);
    let answer = '';
    socket.setEncoding('utf8');
    // A holder too busy to answer still holds the folder.
    socket.setTimeout(2000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer.trim() || 'unknown'));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? null : 'unknown'),
    );
  });

const inUse = (error: unknown): boolean =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

/** Takes `dir` for this process, or throws `FolderInUseError` naming the process that has it. */
export async function lockFolder(dir: string): Promise<FolderLock> {
  const path = socketPath(dir);
  const server = createServer((socket) => socket.end(String(process.pid)));
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, path);
      break;
    } catch (error) {
      if (!inUse(error)) throw error;
      const holder = await holderOf(path);
      if (holder !== null) {
        throw new FolderInUseError(
          `another Latch provider (process ${holder}) is using the data folder ${dir}. ` +
            'Stop it first, or give this one another LATCH_DATA_DIR or a DATABASE_URL.',
        );
      }
      if (attempt > 0 || path.startsWith('\0')) throw error;
      rmSync(path, { force: true });
    }
  }
  // The lock alone must not keep the process alive.
  server.unref();
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}
