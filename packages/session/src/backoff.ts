/** Refresh cadence while a session exists: the session JWT lives 5 minutes. */
export const REFRESH_INTERVAL_MS = 3 * 60 * 1000;

const JITTER_MS = 175;

/** Delay before retry number `attempt` (1-based): 2000·2^n ms, n capped at 7 (4 s … 256 s), ± jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const n = Math.min(Math.max(attempt, 1), 7);
  return 2000 * 2 ** n + Math.round((random() * 2 - 1) * JITTER_MS);
}
