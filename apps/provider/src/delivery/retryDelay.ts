/**
 * The wait before attempt `attempts + 1`: `firstMs` doubled per attempt made, at most `maxMs`, drawn
 * between half and all of that ("equal jitter": workers that failed together retry apart), and never
 * before the gateway's Retry-After.
 */
export function retryDelay(
  attempts: number,
  { firstMs, maxMs, retryAfterMs = 0 }: { firstMs: number; maxMs: number; retryAfterMs?: number | undefined },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(retryAfterMs, Math.round(ceiling / 2 + (random() * ceiling) / 2));
}
