import { pendingMigrations, readMigrations, type Migration } from '../db/migrate';
import { errorSummary } from '../http/errorSummary';
import { rawRoute, type Route } from '../http/route';
import { pageStatus } from '../http/pageStatus';

// Probes answer fresh every time: a cached "ready" would hide a database that went away.
const NO_STORE = { 'Cache-Control': 'no-store' };

/** The migration files are part of the build: read once, not on every probe. */
let shipped: Migration[] | undefined;

/** `GET /healthz`: the process is up and serving. It touches nothing else, so it stays cheap. */
const healthz = rawRoute('GET', '/healthz', (c) => c.json({ status: 'ok' }, pageStatus('ok'), NO_STORE));

/**
 * `GET /readyz`: the database answers and every migration this build ships is applied. A load
 * balancer sends traffic only on 200; the 503 says why, without connection details.
 */
const readyz = rawRoute('GET', '/readyz', async (c, { db, logger }) => {
  shipped ??= readMigrations();
  let pending: string[];
  try {
    pending = await pendingMigrations(db, shipped);
  } catch (error) {
    logger.error(
      { request_id: c.get('requestId'), error: errorSummary(error) },
      'readyz: the database did not answer',
    );
    return c.json(
      { status: 'unavailable', reason: 'database unreachable' },
      pageStatus('unavailable'),
      NO_STORE,
    );
  }
  if (pending.length > 0) {
    return c.json(
      { status: 'unavailable', reason: 'migrations pending', pending },
      pageStatus('unavailable'),
      NO_STORE,
    );
  }
  return c.json({ status: 'ready' }, pageStatus('ok'), NO_STORE);
});

/** Liveness and readiness probes for process managers and load balancers. */
export const healthRoutes: Route[] = [healthz, readyz];
