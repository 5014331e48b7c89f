import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject, onTestFinished } from 'vitest';

/** A data folder holding a copy of the run's migrated PGlite database, removed when the test ends. */
export function migratedDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-data-'));
  cpSync(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}
