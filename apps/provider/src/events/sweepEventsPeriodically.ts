import type { LatchConfig } from '../config/configSchema';
import type { Queryable } from '../db/Db';
import { errorSummary } from '../http/errorSummary';
import type { Logger } from '../http/logger';
import { sweepEvents } from './eventStore';

/** How often each provider process sweeps the event log (the first sweep soon after start). */
const SWEEP_EVERY_MS = 10 * 60_000;
const FIRST_SWEEP_MS = 30_000;

/**
 * Runs `sweepEvents` for the config's projects every `SWEEP_EVERY_MS` in the background, so events
 * past their retention go even while no new ones arrive. Answers the function that stops it.
 */
export function sweepEventsPeriodically(db: Queryable, config: LatchConfig, logger: Logger): () => void {
  const projectIds = config.projects.map((project) => project.project_id);
  let running: Promise<void> | undefined;
  const sweep = (): void => {
    running ??= sweepEvents(db, projectIds, config.events)
      .then(
        (deleted) => {
          if (deleted > 0)
            logger.info({ deleted }, `event log: ${deleted} events past retention or the cap deleted`);
        },
        (error: unknown) => logger.error({ error: errorSummary(error) }, 'event log sweep failed'),
      )
      .finally(() => (running = undefined));
  };
  const first = setTimeout(sweep, FIRST_SWEEP_MS).unref();
  const every = setInterval(sweep, SWEEP_EVERY_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
