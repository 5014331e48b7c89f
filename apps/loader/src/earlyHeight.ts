import { EARLY_HEIGHT_REQUEST, readEarlyHeight } from '@latch/protocol';
import { frameWindow } from './frameElement';

/**
 * Sizes the iframe from the height its server-drawn document reports before the frame's scripts
 * run (see the provider's early-height script), until `stop()`: once the channel is up, `resize`
 * over it takes over. A message counts only from this iframe's window, from the auth origin, and
 * with a height in bounds; anything else is ignored.
 */
export function listenEarlyHeight(
  iframe: HTMLIFrameElement,
  authOrigin: string,
  resize: (height: number) => void,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== authOrigin || event.source === null || event.source !== iframe.contentWindow) return;
    const height = readEarlyHeight(event.data);
    if (height !== null) resize(height);
  };
  window.addEventListener('message', listener);
  // A report posted before this listener existed is lost: ask once more, but only when the iframe
  // already holds another origin's document. While it still holds its first about:blank (the host's
  // own origin) the frame's report is yet to come, and a request addressed to the auth origin would
  // only print a target-origin warning in the host page's console. The target origin makes the
  // browser drop the request unless that document is the auth origin's.
  const frame = frameWindow(iframe);
  if (holdsOtherOrigin(frame)) frame.postMessage(EARLY_HEIGHT_REQUEST, authOrigin);
  return () => window.removeEventListener('message', listener);
}

/** Whether `win` holds a document of another origin: reading its location throws then. */
function holdsOtherOrigin(win: Window): boolean {
  try {
    return typeof win.location.href !== 'string';
  } catch {
    return true;
  }
}
