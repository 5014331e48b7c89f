// Waiting for the probes' marks without running Playwright's waiting code in the measured
// documents. `waitForFunction` and locators evaluate Playwright's injected script in the page or
// frame (compiled on first use, then queried on every poll): in a trace of a cold load at 4× CPU
// that work ran on the frame's main thread between its document arriving and its first paint.
// Here the question is asked from Node instead, one small `evaluate` every 50 ms.

const POLL_MS = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `check()` (sync or async) every 50 ms until it returns a value other than undefined/false. */
export async function pollUntil(check, { timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(POLL_MS);
  }
}

/**
 * Evaluates `read` in the page's or frame's main world every 50 ms until it returns true. A
 * document between navigations (its context destroyed mid-call) counts as not yet.
 */
export function pollIn(target, read, { timeoutMs, what }) {
  return pollUntil(() => target.evaluate(read).catch(() => false), { timeoutMs, what });
}
