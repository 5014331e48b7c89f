import type { Db, Queryable } from '../db/Db';
import { emitEvent, wantsEvent, type EventData, type EventProject } from './emitEvent';
import type { WebhookEventType } from './eventTypes';
import { deliveringTransaction } from '../delivery/deliveringTransaction';

/**
 * Runs `change`; when an endpoint wants `type`, in one transaction with the events `dataOf` gives
 * for its result (none for an empty list), so the change and its events commit together. Without
 * such an endpoint the change runs alone, at no extra cost.
 */
export async function withEvent<R>(
  db: Db,
  project: EventProject,
  type: WebhookEventType,
  change: (q: Queryable) => Promise<R>,
  dataOf: (result: R) => readonly EventData[],
): Promise<R> {
  if (!wantsEvent(project, type)) return change(db);
  return deliveringTransaction(db, async (tx) => {
    const result = await change(tx);
    for (const data of dataOf(result)) await emitEvent(tx, project, type, data);
    return result;
  });
}
