import type { WidgetHost } from '@latch/screens';

/**
 * Key events inside a cross-origin frame never reach the host page, so Escape is passed on as
 * `host.escape({})` (the loader turns it into `callbacks.onEscape` and a `stytch-escape` event).
 * An Escape a control already handled (it called `preventDefault()`, e.g. cancelling a rename) or
 * one that ends an IME composition stays in the frame. Returns a function that stops relaying.
 */
export function relayEscape(doc: Document, host: Pick<WidgetHost, 'escape'>): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
    void host.escape({}).catch(() => undefined);
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
