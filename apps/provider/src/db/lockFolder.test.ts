import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import '../../test/postgresContext';
import { FolderInUseError, lockFolder } from './lockFolder';
import { openDb } from './openDb';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'latch-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lockFolder', () => {
  it('refuses a second holder, naming the folder and the process, until the first releases', async () => {
    const first = await lockFolder(dir);
    const second = lockFolder(dir);
    await expect(second).rejects.toBeInstanceOf(FolderInUseError);
    await expect(second).rejects.toThrow(`(process ${process.pid}) is using the data folder ${dir}`);
    await first.release();
    const again = await lockFolder(dir);
    await again.release();
  });

  it('is free again once its process is killed with SIGKILL', async () => {
    // node itself, not the tsx wrapper: its pid is the holder's, and SIGKILL reaches it.
    const holder = spawn(process.execPath, ['--import', 'tsx', 'apps/provider/test/holdFolderLock.ts', dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(holder.stdout, 'data')) as [Buffer];
    expect(line.toString()).toContain('locked');
    await expect(lockFolder(dir)).rejects.toThrow(`(process ${holder.pid}) is using the data folder`);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const lock = await lockFolder(dir);
    await lock.release();
  }, 30_000);

  it('holds a PGlite folder opened by openDb until the database closes', async () => {
    // A copy of the migrated template, not a new cluster: the lock is the subject, and initdb costs
    // seconds (main.test.ts starts a provider on an empty folder).
    cpSync(inject('pgliteTemplate'), join(dir, 'pglite'), { recursive: true });
    const db = await openDb({ dataDir: dir, databaseUrl: undefined });
    await expect(openDb({ dataDir: dir, databaseUrl: undefined })).rejects.toBeInstanceOf(FolderInUseError);
    await db.close();
    const reopened = await openDb({ dataDir: dir, databaseUrl: undefined });
    await reopened.close();
  }, 30_000);
});
