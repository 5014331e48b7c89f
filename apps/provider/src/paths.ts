import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at src/'s top level, and the build bundles it into dist/main.js at the same depth,
// so one computation holds for the TypeScript source and the compiled provider alike.
// Path arithmetic, not `new URL(..)`: under happy-dom (msw in component tests) URL is not Node's.
const HERE = dirname(fileURLToPath(import.meta.url));
const PROVIDER_DIR = join(HERE, '..');

/**
 * The deployable (`dist/provider`, scripts/deployable.mjs) carries its migrations, loader and frame
 * beside its code; in the repository they sit in the workspaces' folders.
 */
const DEPLOYED = existsSync(join(HERE, 'migrations'));

/** The folder the default data folder `.latch/data` is relative to: the repository or the deployable. */
export const HOME_DIR = DEPLOYED ? HERE : join(PROVIDER_DIR, '../..');

/** The shipped SQL migrations, applied in file-name order. */
export const MIGRATIONS_DIR = DEPLOYED ? join(HERE, 'migrations') : join(PROVIDER_DIR, 'migrations');

/** The built loader and frame the auth origin serves. */
export const LOADER_DIST = DEPLOYED ? join(HERE, 'loader') : join(PROVIDER_DIR, '../loader/dist');
export const FRAME_DIST = DEPLOYED ? join(HERE, 'frame') : join(PROVIDER_DIR, '../frame/dist');
