import type { TestProject } from 'vitest/node';
import { migratedPGliteDump } from '@latch/msw/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database as a file (`dumpDataDir`); `providerServer` loads it in memory. */
    pgliteDump: string;
  }
}

/**
 * Vitest global setup for the component tests: the migrated PGlite database every file that starts
 * the provider loads (seconds of initdb saved per file). It is kept between runs under
 * node_modules/.cache/latch and remade only when PGlite or a migration changes; the e2e set-up
 * seeds its provider from the same template's folder.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteDump', await migratedPGliteDump());
}
