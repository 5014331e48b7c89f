import { migrate, openPGliteDb } from '@latch/provider/db';
import { cachedPGliteDump, cachedPGliteTemplate } from '@latch/test-support/pglite';

/**
 * The dump of the migrated PGlite template kept between runs (`cachedPGliteTemplate`,
 * `cachedPGliteDump` of @latch/test-support), made with the provider's migrations: what an
 * in-process provider (`createProviderHandlers`' `loadDataDir`) starts from instead of initdb.
 * The provider's storage entry, not the package's: the test set-ups load this before any test
 * runs, and the whole provider's modules would lengthen that wait.
 */
export const migratedPGliteDump = async (): Promise<string> =>
  cachedPGliteDump(await cachedPGliteTemplate({ openPGliteDb, migrate }));
