import { vi } from 'vitest';

/**
 * `vi.waitFor` for a check that waits on the in-process provider (PGlite, zxcvbn): the default 1 s
 * is too short when `npm test` runs these files beside the browser tests on two cores. The wait
 * ends as soon as the check passes, so the margin costs a passing test nothing.
 */
export function waitForProvider<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000 });
}
