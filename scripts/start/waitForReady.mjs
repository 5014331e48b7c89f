// Waiting for a child server of `npm start`: as long as it lives and makes progress, never a deadline.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const gone = (child) => child.exitCode !== null || child.signalCode !== null;

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    // Not listening yet.
    return false;
  }
}

/**
 * Resolves 'ready' once `url` answers 2xx, 'exited' when `child` dies first, and 'stalled' when
 * `progress()` (output, CPU time) stays the same for `stallMs` while the URL does not answer.
 * Every `noticeMs` of waiting calls `onSlow(seconds)`.
 */
export async function waitForReady({
  url,
  child,
  progress,
  stallMs = 120_000,
  noticeMs = 15_000,
  pollMs = 250,
  onSlow = () => {},
}) {
  const exited = gone(child) ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  let last = progress();
  let lastChange = started;
  let nextNotice = started + noticeMs;
  while (!gone(child)) {
    if (await answers(url)) return 'ready';
    const now = Date.now();
    const current = progress();
    if (current !== last) {
      last = current;
      lastChange = now;
    } else if (now - lastChange >= stallMs && !gone(child)) {
      return 'stalled';
    }
    if (now >= nextNotice) {
      onSlow(Math.round((now - started) / 1000));
      nextNotice += noticeMs;
    }
    await Promise.race([sleep(pollMs), exited]);
  }
  return 'exited';
}
