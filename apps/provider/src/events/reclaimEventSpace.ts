import type { Db } from '../db/Db';

/** Bytes of dropped events after which PGlite's copy of the event log is vacuumed. */
export const RECLAIM_AFTER_BYTES = 4 * 1024 * 1024;

/** Dropped bytes not yet vacuumed, per database: PGlite has one process, so this count is whole. */
const unreclaimed = new WeakMap<Db, number>();

/**
 * Makes the space of dropped events reusable on PGlite, which has no autovacuum: without it the
 * cap bounds the rows but not the files, which grew by every event ever stored. PostgreSQL's
 * autovacuum does this on its own. `VACUUM` does not lock out readers and writers on PostgreSQL;
 * on PGlite it holds the one connection for a few tens of milliseconds, once per
 * `RECLAIM_AFTER_BYTES` dropped.
 */
export async function reclaimEventSpace(db: Db, droppedBytes: number): Promise<void> {
  if (db.kind !== 'pglite' || droppedBytes <= 0) return;
  const total = (unreclaimed.get(db) ?? 0) + droppedBytes;
  if (total < RECLAIM_AFTER_BYTES) {
    unreclaimed.set(db, total);
    return;
  }
  unreclaimed.set(db, 0);
  await db.query('VACUUM events');
}
