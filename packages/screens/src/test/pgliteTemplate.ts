import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPGliteTemplate } from '@latch/msw';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite folder; `providerServer` opens a copy of it instead of running initdb. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup for the component tests: one migrated PGlite database, made once per run,
 * which every file that starts the provider copies (seconds of initdb saved per file).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'latch-pglite-template-'));
  const dataDir = join(folder, 'db');
  await createPGliteTemplate(dataDir);
  project.provide('pgliteTemplate', dataDir);
  return () => rmSync(folder, { recursive: true, force: true });
}
