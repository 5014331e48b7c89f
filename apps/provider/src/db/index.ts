// `@latch/provider/db`: the storage layer alone, for tools that prepare databases (the test set-ups'
// PGlite templates) without loading the whole provider.
export type { Db, Queryable, Row } from './Db';
export { openPGliteDb } from './pglite';
export { openPostgresDb } from './postgres';
export { migrate, readMigrations } from './migrate';
