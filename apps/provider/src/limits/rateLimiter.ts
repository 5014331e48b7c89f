import type { Queryable } from '../db/Db';

/** At most `limit` uses per `perSeconds`, all of them available at once after a quiet period. */
export interface Budget {
  limit: number;
  perSeconds: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Spends one use of `budget` under `key`; a refused use spends nothing. */
  take(key: string, budget: Budget): Promise<Verdict>;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * The generic cell rate algorithm on one row per key: each use moves the key's theoretical
 * arrival time (TAT) one emission interval (period / limit) ahead, and a use is allowed while the
 * TAT stays within one period of now. The check and the move are one conditional upsert, so
 * concurrent requests in any number of processes cannot overspend. Exact, one row per key, no
 * timers; keys are opaque (callers hash personal data into them).
 */
export function createRateLimiter(db: Queryable, now: () => number = Date.now): RateLimiter {
  let sweptAt = 0;
  const sweep = async (at: number): Promise<void> => {
    if (at - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = at;
    await db.query('DELETE FROM rate_limits WHERE tat_ms < $1', [at]);
  };
  return {
    async take(key, { limit, perSeconds }) {
      const at = now();
      const period = perSeconds * 1000;
      const interval = Math.ceil(period / limit);
      await sweep(at);
      const taken = await db.query(
        `INSERT INTO rate_limits AS r (key, tat_ms) VALUES ($1, $2::bigint + $3::bigint)
         ON CONFLICT (key) DO UPDATE SET tat_ms = GREATEST(r.tat_ms, $2::bigint) + $3::bigint
           WHERE GREATEST(r.tat_ms, $2::bigint) + $3::bigint - $2::bigint <= $4::bigint
         RETURNING tat_ms`,
        [key, at, interval, period],
      );
      if (taken.length > 0) return { ok: true };
      const [row] = await db.query<{ tat_ms: number | string }>(
        'SELECT tat_ms FROM rate_limits WHERE key = $1',
        [key],
      );
      const tat = Number(row?.tat_ms ?? at);
      // The next use fits once now + period >= tat + interval.
      const waitMs = tat + interval - period - at;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}
