/** What the vitest global setup hands to test files (see globalSetup.ts). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway PostgreSQL cluster, or null when it could not start. */
    postgresUrl: string | null;
    /** `postgresUrl` through the cluster's Unix socket; null without a cluster or with LATCH_TEST_DATABASE_URL. */
    postgresSocketUrl: string | null;
    /** Why there is no cluster: the PostgreSQL suites fail with this message. */
    postgresError: string | null;
    /** A migrated database on that cluster for `CREATE DATABASE … TEMPLATE`, or null without one. */
    postgresTemplate: string | null;
    /** A file holding a migrated PGlite database (`dumpDataDir`); test files load it, skipping initdb. */
    pgliteDump: string;
    /** The same for a PGlite database as initdb leaves it, with no migration applied. */
    pgliteEmptyDump: string;
    /** A migrated PGlite data folder, kept between runs: copy it, never open it in place. */
    pgliteTemplate: string;
  }
}

export {};
