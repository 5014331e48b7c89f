import { migrate, openPGliteDb } from '@latch/provider';

/**
 * Creates and migrates a PGlite database in `dataDir`, then closes it: a template for test files
 * to copy and open with `createProviderHandlers({ dataDir })`. PGlite's initdb takes seconds;
 * opening a copy of an initialised folder takes well under one.
 */
export async function createPGliteTemplate(dataDir: string): Promise<void> {
  const db = await openPGliteDb(dataDir);
  await migrate(db);
  await db.close();
}
