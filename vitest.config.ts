import { availableParallelism } from 'node:os';
import { defaultClientConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Password hashes at N=2^11 instead of production's 2^15; passwordHash.test.ts keeps one at production cost.
const CHEAP_SCRYPT = { LATCH_SCRYPT_LOG2N: '11' };

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main thread: on two cores that is one worker, and the
    // main thread idles once files are transformed.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/{api,protocol,test-support}/src/**/*.test.ts',
            'apps/provider/{src,test,build}/**/*.test.ts',
            'msw/src/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'apps/provider/test/deployable/**'],
          // Starts a throwaway PostgreSQL so provider storage tests run on PGlite and PostgreSQL.
          globalSetup: ['apps/provider/test/globalSetup.ts'],
          env: CHEAP_SCRYPT,
          // Hooks open PGlite (WASM) or a PostgreSQL database: seconds each on a loaded two-core box, not 10.
          hookTimeout: 60_000,
          // Files share a worker's module cache: the provider's module graph loads once per worker
          // instead of once per file. Every file builds its own app and database and restores the
          // clock it fakes, so nothing leaks between files.
          isolate: false,
        },
      },
      {
        test: {
          // The scripts behind npm start; no database, so not under the node project's setup.
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.mjs'],
        },
      },
      {
        test: {
          // Built packages as their users get them (run `npm run build` first): e.g. server rendering in
          // Node, and the provider's deployable installed and started outside the repository.
          name: 'dist',
          environment: 'node',
          include: ['packages/*/test/**/*.test.{ts,tsx}', 'apps/provider/test/deployable/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // The loader's tests mount iframes; their documents never navigate anywhere. One setting for
          // every file: a file that asked for other options would need a worker of its own.
          environmentOptions: {
            happyDOM: {
              settings: { enableIframePageLoading: true, navigation: { disableChildFrameNavigation: true } },
            },
          },
          // Two cores shared with the node project's files: rendered flows need headroom, not retries.
          testTimeout: 40_000,
          env: CHEAP_SCRYPT,
          // One migrated PGlite database that screen tests copy instead of each running initdb.
          globalSetup: ['packages/screens/src/test/pgliteTemplate.ts'],
          // Files share a worker's window and module cache, as in the node project: React, the screens
          // and the in-process provider load once per worker, not once per file. The setup file puts
          // the page back after each test and file (packages/screens/src/test/domFileSetup.ts).
          isolate: false,
          setupFiles: ['packages/screens/src/test/domFileSetup.ts'],
          include: [
            'packages/{session,screens}/src/**/*.test.{ts,tsx}',
            'apps/{loader,frame}/src/**/*.test.{ts,tsx}',
            'packages/react/src/**/*.test.{ts,tsx}',
          ],
        },
        // Workspace packages from their sources (`@latch/source` in their exports), not their dist/.
        resolve: { conditions: ['@latch/source', ...defaultClientConditions] },
      },
    ],
  },
});
