import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at src/'s top level, and the build bundles it into dist/main.js at the same depth,
// so one computation holds for the TypeScript source and the compiled provider alike.
// Path arithmetic, not `new URL(..)`: under happy-dom (msw in component tests) URL is not Node's.
const PROVIDER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository root: the default data folder `.latch/data` is relative to it. */
export const REPO_ROOT = join(PROVIDER_DIR, '../..');

/** The shipped SQL migrations, applied in file-name order. */
export const MIGRATIONS_DIR = join(PROVIDER_DIR, 'migrations');

/** The built loader and frame the auth origin serves. */
export const LOADER_DIST = join(PROVIDER_DIR, '../loader/dist');
export const FRAME_DIST = join(PROVIDER_DIR, '../frame/dist');
