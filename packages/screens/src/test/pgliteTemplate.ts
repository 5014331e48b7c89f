import type { TestProject } from 'vitest/node';
import { cachedPGliteTemplate } from '@latch/msw/pgliteTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite folder; `providerServer` opens a copy of it instead of running initdb. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup for the component tests: the migrated PGlite database every file that starts
 * the provider copies (seconds of initdb saved per file). It is kept between runs under
 * node_modules/.cache/latch and remade only when PGlite or a migration changes; the e2e set-up
 * seeds its provider from the same folder.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await cachedPGliteTemplate());
}
