// What runs in the browser: the host page that mounts the widget and records its own marks, and a
// probe injected into the cross-origin frame (an init script: CDP-evaluated, so the frame's CSP
// does not apply and the frame's code is unchanged).

/** JSON safe inside a <script>: `<` cannot close the tag. */
export const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The host page. Marks (host `performance.now()`, i.e. ms since the host's navigation start):
 * `mount` just before `mountLogin`, `resize` when the loader first sets the iframe's height (the
 * height the drawn frame document reports, or the frame's first `host.resize` over the channel),
 * `iframeLoad`.
 */
export function benchPage({ authOrigin, publicToken, config }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Latch bench host</title>
<link rel="icon" href="data:,">
<script src="${authOrigin}/loader.js"></script>
</head>
<body>
<main><div id="login"></div></main>
<script>
(() => {
  const marks = (window.__latchBench = { timeOrigin: performance.timeOrigin });
  marks.mount = performance.now();
  Latch.createClient(${scriptJson(publicToken)}).mountLogin({ elementId: '#login', config: ${scriptJson(config)} });
  marks.mountReturned = performance.now();
  const iframe = document.querySelector('#login iframe');
  new MutationObserver((_records, observer) => {
    if (!iframe.style.height) return;
    marks.resize = performance.now();
    observer.disconnect();
  }).observe(iframe, { attributes: true, attributeFilter: ['style'] });
  iframe.addEventListener('load', () => (marks.iframeLoad ??= performance.now()), { once: true });
})();
</script>
</body>
</html>
`;
}

/**
 * Init script for every document of the context; acts only in the frame on the auth origin. Marks
 * are wall-clock (`timeOrigin + now()`) so the runner can subtract the host's time origin:
 * `headingDom` when the heading enters the DOM, `heading` at the next animation frame once it has
 * a layout box (the frame that paints it), `input`/`inputDom` likewise for the first form field,
 * `live`/`liveDom` for the first form React has taken over (`data-latch-live`: hydrated, or
 * rendered in the browser), i.e. ready for input.
 */
export function frameProbe({ authOrigin, heading }) {
  if (location.origin !== authOrigin || window.top === window) return;
  const wall = () => performance.timeOrigin + performance.now();
  const marks = (window.__latchBench = { timeOrigin: performance.timeOrigin });
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const find = {
    heading: () =>
      Array.from(document.querySelectorAll('h1, h2, [role=heading]')).find(
        (el) => el.textContent.trim() === heading,
      ),
    input: () => document.querySelector('input:not([type=hidden])'),
    live: () => document.querySelector('form[data-latch-live]'),
  };
  const waitShown = (name, el) => {
    marks[`${name}Dom`] = wall();
    const frame = () => {
      if (shown(el)) marks[name] = wall();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  const pending = new Set(Object.keys(find));
  const observer = new MutationObserver(() => {
    for (const name of pending) {
      const el = find[name]();
      if (!el) continue;
      pending.delete(name);
      waitShown(name, el);
    }
    if (pending.size === 0) observer.disconnect();
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-latch-live'],
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') marks.fcp = performance.timeOrigin + entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** Read in the frame after the run: its navigation timing as wall-clock marks. */
export function readFrameMarks() {
  const nav = performance.getEntriesByType('navigation')[0];
  const at = (ms) => (nav && ms > 0 ? performance.timeOrigin + ms : undefined);
  return {
    ...window.__latchBench,
    requestStart: at(nav?.requestStart),
    responseEnd: at(nav?.responseEnd),
    domContentLoaded: at(nav?.domContentLoadedEventEnd),
  };
}
