import type { Queryable } from '../db/Db';
import { rateLimitRefusals } from '../metrics/metrics';

/** At most `limit` uses per `perSeconds`, all of them available at once after a quiet period. */
export interface Budget {
  limit: number;
  perSeconds: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** One use to spend: the budget's key (opaque: callers hash personal data into it) and its budget. */
export type Use = readonly [key: string, budget: Budget];

export interface RateLimiter {
  /** Spends one use of `budget` under `key`; a refused use spends nothing. */
  take(key: string, budget: Budget): Promise<Verdict>;
  /**
   * `take` for each use in order, stopping at the first refusal (that use and the later ones spend
   * nothing; the earlier ones stay spent), as one database statement.
   */
  takeInOrder(uses: readonly Use[]): Promise<Verdict>;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * One budget's conditional upsert, as CTE `t<i>`: `$1` is now (ms); the use's key, emission
 * interval and period are `$<3i+2>`..`$<3i+4>`. After the first, a use only runs when the one
 * before it was spent.
 */
function useSql(i: number): string {
  const [key, interval, period] = [3 * i + 2, 3 * i + 3, 3 * i + 4].map((n) => `$${n}`);
  const after = i === 0 ? '' : ` WHERE EXISTS (SELECT 1 FROM t${i - 1})`;
  return `t${i} AS (
    INSERT INTO rate_limits AS r (key, tat_ms) SELECT ${key}::text, $1::bigint + ${interval}::bigint${after}
    ON CONFLICT (key) DO UPDATE SET tat_ms = GREATEST(r.tat_ms, $1::bigint) + ${interval}::bigint
      WHERE GREATEST(r.tat_ms, $1::bigint) + ${interval}::bigint - $1::bigint <= ${period}::bigint
    RETURNING 1)`;
}

const takeSqls: string[] = [];

/** The statement spending `n` uses in order (built once per `n`); answers how many were spent. */
function takeSql(n: number): string {
  const known = takeSqls[n];
  if (known !== undefined) return known;
  const ctes = Array.from({ length: n }, (_, i) => useSql(i));
  const counts = Array.from({ length: n }, (_, i) => `(SELECT count(*) FROM t${i})`);
  return (takeSqls[n] = `WITH ${ctes.join(',\n')} SELECT ${counts.join(' + ')} AS taken`);
}

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
    // Rows a request's spend holds are skipped (the next sweep takes them): a plain DELETE would
    // wait for them while holding the rows it deleted, which that spend may want next, and
    // PostgreSQL would break the deadlock by failing one of the two.
    await db.query(
      'DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE tat_ms < $1 FOR UPDATE SKIP LOCKED)',
      [at],
    );
  };
  const takeInOrder = async (uses: readonly Use[]): Promise<Verdict> => {
    if (uses.length === 0) return { ok: true };
    const at = now();
    const spends = uses.map(([key, { limit, perSeconds }]) => {
      const period = perSeconds * 1000;
      return { key, interval: Math.ceil(period / limit), period };
    });
    await sweep(at);
    const [row] = await db.query<{ taken: number | string }>(takeSql(spends.length), [
      at,
      ...spends.flatMap(({ key, interval, period }) => [key, interval, period]),
    ]);
    const refused = spends[Number(row?.taken ?? 0)];
    if (!refused) return { ok: true };
    // Keys start with their budget (`sends:ip:<hash>`): the label is that part, never the hash.
    rateLimitRefusals.inc({ budget: refused.key.split(':', 2).join(':') });
    const [current] = await db.query<{ tat_ms: number | string }>(
      'SELECT tat_ms FROM rate_limits WHERE key = $1',
      [refused.key],
    );
    const tat = Number(current?.tat_ms ?? at);
    // The next use fits once now + period >= tat + interval.
    const waitMs = tat + refused.interval - refused.period - at;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  };
  return { take: (key, budget) => takeInOrder([[key, budget]]), takeInOrder };
}
