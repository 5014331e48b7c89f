/** Fields a visitor types into; read-only ones (the stored email) are skipped. */
const FIELD =
  'input:not([disabled]):not([readonly]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const CONTROL = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';
/** A spinner means the screen (a lazily loaded chunk) is not there yet. */
const LOADING = '.latch-spinner';

export const FOCUS_WAIT_MS = 5000;

export interface FocusOptions {
  /**
   * Without a field: `control` focuses the first button or link (the host's `focus()`),
   * `heading` the screen's h1 so a screen reader reads the new screen's title (screen changes).
   */
  fallback: 'control' | 'heading';
  /** Also move focus that is already inside the widget (it sat on a control that is now gone). */
  force?: boolean;
  /** Focus without scrolling the frame's document (see `useScreenFocus`). */
  preventScroll?: boolean;
  waitMs?: number;
}

function fallbackTarget(root: HTMLElement, fallback: FocusOptions['fallback']): HTMLElement | null {
  if (fallback === 'control') return root.querySelector<HTMLElement>(CONTROL);
  const heading = root.querySelector<HTMLElement>('h1');
  // Focusable by script only, so it never becomes a tab stop.
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * Moves focus to the widget's first field, or the fallback. Screens load lazily, so it waits for
 * the first render that is not a spinner, up to `waitMs`. Unless `force`, focus the visitor
 * already put inside the widget stays where it is. Returns a function that stops waiting.
 */
export function focusFirstField(root: HTMLElement, options: FocusOptions): () => void {
  const { fallback, force = false, preventScroll = false, waitMs = FOCUS_WAIT_MS } = options;
  const attempt = (): boolean => {
    const active = root.ownerDocument.activeElement;
    if (!force && active && active !== root && root.contains(active)) return true;
    if (root.querySelector(LOADING)) return false;
    const target = root.querySelector<HTMLElement>(FIELD) ?? fallbackTarget(root, fallback);
    if (!target) return false;
    target.focus({ preventScroll });
    return true;
  };
  if (attempt()) return () => undefined;

  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true, attributes: true });
  return stop;
}
