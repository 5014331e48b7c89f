import type { Db, Queryable } from '../db/Db';

// Each process's worker, by the database handle its services hold (as signing keys' keyrings are).
const wakers = new WeakMap<Queryable, () => void>();
// The transactions (or, outside one, the handle) that queued a message not yet handed to a worker.
const queuedIn = new WeakSet<Queryable>();

/** Wakes `wake` (the process's delivery worker) once what is queued through `db` commits. */
export function wakeDeliveryOf(db: Db, wake: () => void): void {
  wakers.set(db, wake);
}

/** Notes that `q` queued a message; outside a transaction it is committed already: wakes now. */
export function noteQueued(q: Queryable): void {
  const wake = wakers.get(q);
  if (wake) wake();
  else queuedIn.add(q);
}

/**
 * `db.transaction(fn)`, then, when `fn` queued a message, a wake of the worker: the message goes
 * out on commit instead of at the next poll.
 */
export async function deliveringTransaction<R>(db: Db, fn: (tx: Queryable) => Promise<R>): Promise<R> {
  let queued = false;
  const result = await db.transaction(async (tx) => {
    const answer = await fn(tx);
    queued = queuedIn.delete(tx);
    return answer;
  });
  if (queued) wakers.get(db)?.();
  return result;
}
