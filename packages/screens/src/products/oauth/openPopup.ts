const WIDTH = 500;
const HEIGHT = 640;

/**
 * Opens the sign-in popup, empty for now, centred over the visitor's window. It must happen in
 * the click itself (the browser allows popups only then); the frame navigates it once the PKCE
 * challenge is ready. Null when the browser blocked it. Not `noopener`: the result page answers
 * through `window.opener`.
 */
export function openPopup(): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - HEIGHT) / 2));
  try {
    return window.open(
      'about:blank',
      'latch-oauth',
      `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`,
    );
  } catch {
    // A sandbox without allow-popups throws instead of answering null.
    return null;
  }
}

const POLL_MS = 500;

/**
 * Resolves with the first message `accept` takes, or 'closed' once the popup has been closed
 * (seen closed on two polls in a row, so a result posted just before the page closed itself is
 * still delivered first), or when `signal` aborts.
 */
export function popupAnswer<T>(
  popup: Window,
  accept: (event: MessageEvent) => T | null,
  signal: AbortSignal,
): Promise<T | 'closed'> {
  return new Promise((resolve) => {
    let closedPolls = 0;
    const finish = (answer: T | 'closed') => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent) => {
      const answer = accept(event);
      if (answer !== null) finish(answer);
    };
    const onAbort = () => finish('closed');
    const timer = setInterval(() => {
      closedPolls = popup.closed ? closedPolls + 1 : 0;
      if (closedPolls >= 2) finish('closed');
    }, POLL_MS);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) finish('closed');
  });
}
