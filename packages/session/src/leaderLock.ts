/** The slice of the Web Locks API we use; tests pass a fake. */
export interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/**
 * Runs `lead` in the one tab that holds the named lock, for as long as it holds it; the next tab
 * in line takes over when that tab closes. Without Web Locks every tab leads (the in-tab
 * registry still keeps one per public token). Returns a function that stops leading or waiting.
 */
export function whileLeader(
  name: string,
  locks: LockManagerLike | undefined,
  lead: () => () => void,
): () => void {
  if (!locks) return lead();
  const abort = new AbortController();
  let release: (() => void) | undefined;
  locks
    .request(name, { signal: abort.signal }, () => {
      if (abort.signal.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const stop = lead();
        release = () => {
          stop();
          resolve();
        };
      });
    })
    .catch(() => {
      // Aborted while waiting in line: nothing to release.
    });
  return () => {
    abort.abort();
    release?.();
  };
}
