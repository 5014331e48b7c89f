export interface HeightSenderOptions {
  /** Updates after the first two wait this long for the height to settle. */
  debounceMs?: number;
}

/** Sends a height only when it changed: the first two at once, later ones debounced. */
export function createHeightSender(
  send: (height: number) => void,
  { debounceMs = 100 }: HeightSenderOptions = {},
) {
  let last = -1;
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = (height: number) => {
    timer = null;
    if (height === last) return;
    last = height;
    sent += 1;
    send(height);
  };
  return {
    report(rawHeight: number) {
      const height = Math.ceil(rawHeight);
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (height === last) return;
      if (sent < 2) flush(height);
      else timer = setTimeout(() => flush(height), debounceMs);
    },
  };
}

/** Watches an element and reports its height at most once per animation frame. */
export function observeHeight(element: Element, send: (height: number) => void): () => void {
  const sender = createHeightSender(send);
  let frame: number | null = null;
  const measure = () => {
    frame = null;
    sender.report(element.getBoundingClientRect().height);
  };
  const observer = new ResizeObserver(() => {
    frame ??= requestAnimationFrame(measure);
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    if (frame !== null) cancelAnimationFrame(frame);
  };
}
