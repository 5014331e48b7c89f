import type { Db, Queryable, Row } from '../db/Db';
import { dbQueryDuration } from './metrics';

/** `db` with each statement and each whole transaction timed in `latch_db_query_duration_seconds`. */
export function timeQueries(db: Db): Db {
  // Bound once: no label lookup per query.
  const queries = dbQueryDuration.labels(db.kind, 'query');
  const transactions = dbQueryDuration.labels(db.kind, 'transaction');
  return {
    ...db,
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      const end = queries.startTimer();
      try {
        return await db.query<T>(text, params);
      } finally {
        end();
      }
    },
    async transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      const end = transactions.startTimer();
      try {
        return await db.transaction(fn);
      } finally {
        end();
      }
    },
  };
}
