import { migratedHashSchema, type MigratedHashFields } from '@latch/api';
import * as v from 'valibot';
import { readMigratedHash, type MigratedHash } from './migratedHash';

/** Marks a `password_hash` that came from another system and has not been replaced yet. */
export const MIGRATED_PREFIX = 'migrated$';

/** The stored form of a migration's hash fields (checked first: a bad hash throws `invalid_field`). */
export function formatMigratedHash(fields: MigratedHashFields): string {
  readMigratedHash(fields);
  // Parsed again to keep the hash's own fields only (the schema drops the rest of a request).
  return MIGRATED_PREFIX + JSON.stringify(v.parse(migratedHashSchema, fields));
}

/** A stored migrated hash, read again; null for anything else or anything unreadable (never throws). */
export function parseStoredMigratedHash(stored: string): MigratedHash | null {
  if (!stored.startsWith(MIGRATED_PREFIX)) return null;
  try {
    const parsed = v.safeParse(migratedHashSchema, JSON.parse(stored.slice(MIGRATED_PREFIX.length)));
    return parsed.success ? readMigratedHash(parsed.output) : null;
  } catch {
    return null;
  }
}
