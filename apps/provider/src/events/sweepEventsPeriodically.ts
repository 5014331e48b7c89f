import type { LatchConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { errorSummary } from '../http/errorSummary';
import type { Logger } from '../http/logger';
import { sweepEvents } from './eventStore';
import { RECLAIM_AFTER_BYTES, reclaimEventSpace } from './reclaimEventSpace';

/** How often each provider process sweeps the event log (the first sweep soon after start). */
const SWEEP_EVERY_MS = 10 * 60_000;
const FIRST_SWEEP_MS = 30_000;

/**
 * Runs `sweepEvents` for the config's projects every `SWEEP_EVERY_MS` in the background, so events
 * past their retention go even while no new ones arrive. Answers the function that stops it.
 */
export function sweepEventsPeriodically(db: Db, config: LatchConfig, logger: Logger): () => void {
  const projectIds = config.projects.map((project) => project.project_id);
  let running: Promise<void> | undefined;
  const sweep = (): void => {
    running ??= sweepEvents(db, projectIds, config.events)
      .then(async (deleted) => {
        if (deleted === 0) return;
        logger.info({ deleted }, `event log: ${deleted} events past retention or the cap deleted`);
        // What it freed is worth reusing at once (a PGlite matter: see reclaimEventSpace).
        await reclaimEventSpace(db, RECLAIM_AFTER_BYTES);
      })
      .catch((error: unknown) => logger.error({ error: errorSummary(error) }, 'event log sweep failed'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(sweep, FIRST_SWEEP_MS).unref();
  const every = setInterval(sweep, SWEEP_EVERY_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
