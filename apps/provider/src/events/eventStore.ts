import type { SdkBodyOutput } from '@latch/api';
import type { EventStorageConfig } from '../config/eventStorageSchema';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';

const MB = 1024 * 1024;

/**
 * What an event counts against its project's cap: its text as stored, plus a row's overhead, so
 * a flood of tiny events fills the cap too. The same sum as migration 013's.
 */
const eventSize = (row: string) => `octet_length(${row}.event_name) + octet_length(${row}.details::text)
  + octet_length(${row}.telemetry::text) + coalesce(octet_length(${row}.error_code), 0)
  + coalesce(octet_length(${row}.error_description), 0) + 100`;
const EVENT_SIZE = eventSize('x');

/**
 * Past the cap, an insert drops the events that start below it, looking this far (bytes) under
 * its own batch: far enough to catch what a concurrent insert committed late. `sweepEvents` takes
 * anything else.
 */
const DROP_WINDOW = 8 * MB;

/**
 * Stores one batch of SDK events in one statement, and drops the project's oldest events that the
 * batch pushes past `max_storage_mb_per_project`. The project's running total moves by the batch
 * (one row per project, `event_totals`), each event records where it starts in that total, and the
 * events kept are those starting within the cap's distance of the total, so they hold at most the
 * cap. The drop is a range delete: no insert counts rows, and every process on the database
 * shares the total.
 */
export async function insertEvents(
  db: Queryable,
  project: { project_id: string; test: boolean },
  entries: SdkBodyOutput<'POST /events'>,
  storage: EventStorageConfig,
): Promise<{ inserted: number; droppedBytes: number }> {
  if (entries.length === 0) return { inserted: 0, droppedBytes: 0 };
  const rows = entries.map(({ telemetry, event }, n) => ({
    n,
    event_id: newId('event', project.test),
    event_name: event.event_name,
    details: event.details,
    telemetry,
    error_code: event.error_code ?? null,
    error_description: event.error_description ?? null,
  }));
  const [result] = await db.query<{ inserted: number | string; dropped_bytes: number | string }>(
    `WITH batch AS (
       SELECT x.*, sum(${EVENT_SIZE}) OVER (ORDER BY x.n) - (${EVENT_SIZE}) AS before, sum(${EVENT_SIZE}) OVER () AS size
       FROM jsonb_to_recordset($2::jsonb)
         AS x(n int, event_id text, event_name text, details jsonb, telemetry jsonb, error_code text, error_description text)
     ), total AS (
       INSERT INTO event_totals AS t (project_id, stored_through)
       SELECT $1, size FROM batch LIMIT 1
       ON CONFLICT (project_id) DO UPDATE SET stored_through = t.stored_through + EXCLUDED.stored_through
       RETURNING stored_through
     ), inserted AS (
       INSERT INTO events (event_id, project_id, stored_from, event_name, details, telemetry, error_code, error_description)
       SELECT b.event_id, $1, total.stored_through - b.size + b.before, b.event_name, b.details, b.telemetry, b.error_code, b.error_description
       FROM batch b, total
       RETURNING 1
     ), dropped AS (
       DELETE FROM events e USING total, (SELECT size FROM batch LIMIT 1) AS b
       WHERE e.project_id = $1
         AND e.stored_from < total.stored_through - $3::bigint
         AND e.stored_from >= total.stored_through - $3::bigint - b.size - $4::bigint
       RETURNING ${eventSize('e')} AS size
     )
     SELECT (SELECT count(*) FROM inserted) AS inserted, (SELECT coalesce(sum(size), 0) FROM dropped) AS dropped_bytes`,
    [project.project_id, JSON.stringify(rows), storage.max_storage_mb_per_project * MB, DROP_WINDOW],
  );
  return { inserted: Number(result?.inserted ?? 0), droppedBytes: Number(result?.dropped_bytes ?? 0) };
}

/** Rows one sweep statement deletes at most, so no statement holds locks for long. */
const SWEEP_BATCH = 5000;

/**
 * Deletes, for every project, the events older than `retention_days` and any left below the cap
 * (a cap lowered in the config, an insert's drop that missed a concurrent batch). Rows another
 * process is deleting are skipped, not waited for. Answers how many went.
 */
export async function sweepEvents(
  db: Queryable,
  projectIds: readonly string[],
  storage: EventStorageConfig,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - storage.retention_days * 86_400_000);
  const cap = storage.max_storage_mb_per_project * MB;
  let deleted = 0;
  for (const projectId of projectIds) {
    for (;;) {
      const gone = await db.query(
        `DELETE FROM events WHERE event_id IN (
           SELECT e.event_id FROM events e
           LEFT JOIN event_totals t ON t.project_id = e.project_id
           WHERE e.project_id = $1
             AND (e.created_at < $2 OR e.stored_from < coalesce(t.stored_through, 0) - $3::bigint)
           LIMIT ${SWEEP_BATCH} FOR UPDATE OF e SKIP LOCKED)
         RETURNING 1`,
        [projectId, cutoff, cap],
      );
      deleted += gone.length;
      if (gone.length < SWEEP_BATCH) break;
    }
  }
  return deleted;
}
