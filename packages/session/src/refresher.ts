import { backoffDelay, REFRESH_INTERVAL_MS } from './backoff';

/** What one refresh attempt concluded: keep the cadence, retry with backoff, or stop (session gone). */
export type RefreshOutcome = 'ok' | 'retry' | 'stop';

export interface Refresher {
  /** Re-evaluates after a state change: schedules while a session exists, cancels otherwise. */
  sync(): void;
  stop(): void;
}

/** The background refresh loop: every 3 minutes while a session exists, backoff on transient errors. */
export function createRefresher(
  hasSession: () => boolean,
  refresh: () => Promise<RefreshOutcome>,
  random: () => number = Math.random,
): Refresher {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let stopped = false;
  let attempt = 0;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delay: number) => {
    cancel();
    timer = setTimeout(() => void tick(), delay);
  };

  async function tick() {
    timer = undefined;
    inFlight = true;
    const outcome = await refresh().catch((): RefreshOutcome => 'retry');
    inFlight = false;
    if (stopped) return;
    if (outcome === 'retry') {
      attempt += 1;
      schedule(backoffDelay(attempt, random));
      return;
    }
    attempt = 0;
    if (outcome === 'ok' && hasSession()) schedule(REFRESH_INTERVAL_MS);
  }

  return {
    sync() {
      if (stopped || inFlight) return;
      if (!hasSession()) {
        cancel();
        attempt = 0;
      } else if (timer === undefined) {
        schedule(REFRESH_INTERVAL_MS);
      }
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}
