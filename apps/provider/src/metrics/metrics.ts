import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every instrument of the provider, in one registry that `GET /metrics` serves (`serveMetrics`).
 * Labels are bounded sets (route patterns, error types, budget names), never a path, address or id.
 */
export const registry = new Registry();

/** Seconds, from a fast cache hit to a slow upstream call. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'latch_http_request_duration_seconds',
  help: 'Time until the response was ready, by method, route pattern and status; _count counts requests.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const signIns = new Counter({
  name: 'latch_sign_ins_total',
  help: 'Sign-in attempts by method, and outcome: success, or the error_type that refused it.',
  labelNames: ['method', 'outcome'] as const,
  registers: [registry],
});

export const sends = new Counter({
  name: 'latch_sends_total',
  help: 'Messages asked for, by channel and outcome: queued, or kept/withheld over the destination budget.',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

export const deliveries = new Counter({
  name: 'latch_deliveries_total',
  help: 'Delivery attempts recorded by the outbox worker, by channel and outcome: sent, retry, failed, expired or held.',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'latch_rate_limit_refusals_total',
  help: 'Uses a rate-limit budget refused, by budget (sends:ip, guesses:ip, sends:destination, ...).',
  labelNames: ['budget'] as const,
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: 'latch_db_query_duration_seconds',
  help: 'Database statements (query) and whole transactions, waiting for a connection included.',
  labelNames: ['db', 'kind'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** What a connection pool reports at each scrape. */
export interface PoolState {
  connections: number;
  /** Connections with a query in flight or a transaction open. */
  busy: number;
  queriesInFlight: number;
}

const pools = new Set<() => PoolState>();

/** Reports a PostgreSQL pool's use at each scrape until the returned function is called (on close). */
export function observePool(read: () => PoolState): () => void {
  pools.add(read);
  return () => void pools.delete(read);
}

const poolGauge = (name: string, help: string, field: keyof PoolState) =>
  new Gauge({
    name,
    help,
    // Read at scrape time: nothing is counted per query.
    collect() {
      let total = 0;
      for (const read of pools) total += read()[field];
      this.set(total);
    },
    registers: [registry],
  });

poolGauge('latch_db_pool_connections', 'PostgreSQL connections this process keeps.', 'connections');
poolGauge(
  'latch_db_pool_busy_connections',
  'Connections with a query in flight or a transaction open.',
  'busy',
);
poolGauge(
  'latch_db_pool_queries_in_flight',
  'Queries sent down the connections and not yet answered.',
  'queriesInFlight',
);

/** A pool's use from its connections' state (`leastBusy().state()`). */
export const poolUse = (slots: readonly { inFlight: number; inTransaction: boolean }[]): PoolState => ({
  connections: slots.length,
  busy: slots.filter((slot) => slot.inFlight > 0 || slot.inTransaction).length,
  queriesInFlight: slots.reduce((sum, slot) => sum + slot.inFlight, 0),
});
