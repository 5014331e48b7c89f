import { AggregatorRegistry, collectDefaultMetrics } from 'prom-client';
import type { ProviderEnv } from '../env';
import type { Logger } from '../http/logger';
import { serveMetrics } from '../http/metricsServer';
import { registry } from './metrics';

/**
 * With `LATCH_METRICS_PORT` set: a single process serves its own registry there; with
 * `LATCH_WORKERS` > 1 the primary serves every worker's, summed (prom-client's AggregatorRegistry
 * asks each worker over the cluster's channel at each scrape), and each worker answers it.
 */
export function startMetrics(
  env: Pick<ProviderEnv, 'metrics'>,
  logger: Logger,
  role: 'single' | 'primary' | 'worker',
): void {
  const { metrics } = env;
  if (!metrics) return;
  if (role !== 'primary') collectDefaultMetrics({ register: registry });
  if (role === 'worker') {
    // Constructing one registers the worker's answer to the primary's requests.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
    return;
  }
  const aggregator = role === 'primary' ? new AggregatorRegistry() : undefined;
  serveMetrics(
    {
      ...metrics,
      contentType: registry.contentType,
      read: aggregator ? () => aggregator.clusterMetrics() : () => registry.metrics(),
      logger,
    },
    (port) => logger.info({ metrics_port: port }, `metrics on port ${port} (GET /metrics)`),
  );
}
