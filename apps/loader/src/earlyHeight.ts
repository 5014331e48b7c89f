import { readEarlyHeight } from '@latch/protocol';

/**
 * Sizes the iframe from the height its server-drawn document reports before the frame's scripts
 * run (see the provider's early-height script), until `stop()`: once the channel is up, `resize`
 * over it takes over. Called as the iframe is created, so no report can come before it listens.
 * A message counts only from this iframe's window, from the auth origin, and with a height in
 * bounds; anything else is ignored.
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
  return () => window.removeEventListener('message', listener);
}
