import type { SdkBodyOutput } from '@latch/api';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';

/** Stores one batch of SDK events in a single statement. */
export async function insertEvents(
  db: Queryable,
  project: { project_id: string; test: boolean },
  entries: SdkBodyOutput<'POST /events'>,
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = entries.map(({ telemetry, event }) => ({
    event_id: newId('event', project.test),
    event_name: event.event_name,
    details: event.details,
    telemetry,
    error_code: event.error_code ?? null,
    error_description: event.error_description ?? null,
  }));
  const inserted = await db.query(
    `INSERT INTO events (event_id, project_id, event_name, details, telemetry, error_code, error_description)
     SELECT x.event_id, $1, x.event_name, x.details, x.telemetry, x.error_code, x.error_description
     FROM jsonb_to_recordset($2::jsonb)
       AS x(event_id text, event_name text, details jsonb, telemetry jsonb, error_code text, error_description text)
     RETURNING event_id`,
    [project.project_id, JSON.stringify(rows)],
  );
  return inserted.length;
}
