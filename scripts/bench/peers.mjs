// What Latch is measured beside in the same run: a plain <input> in the host page's own HTML, the
// floor for "email field visible". Served by the bench host (servers.mjs). A peer widget (e.g.
// Stytch's pre-built UI) would get a page and a row here the same way.
import { throttleAllRenderers } from './throttle.mjs';

/** The plain page: one labelled email field in the HTML itself. */
export const plainPage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plain input</title><link rel="icon" href="data:,"></head>
<body><main><form><label>Email <input type="email" name="email" autocomplete="email"></label><button>Continue</button></form></main></body>
</html>
`;

/**
 * Init script for the peers' top-level pages: `input` when the first email field (also inside shadow
 * roots, which pre-built UIs may use) has a layout box, at the animation frame that paints it.
 */
export function peerProbe() {
  if (window.top !== window) return;
  const marks = (window.__latchBench = { timeOrigin: performance.timeOrigin });
  const roots = [document];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.push(root);
    observe(root);
    return root;
  };
  const field = () => {
    for (const root of roots) {
      const el = root.querySelector('input[type=email], input[name=email]');
      if (el) return el;
    }
    return null;
  };
  let found = false;
  const check = () => {
    if (found) return;
    const el = field();
    if (!el) return;
    found = true;
    marks.inputDom = performance.now();
    const frame = () => {
      if (el.getClientRects().length > 0) marks.input = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  function observe(root) {
    new MutationObserver(check).observe(root, { childList: true, subtree: true });
  }
  observe(document);
}

/** One cold run of a peer page: ms since navigation start until its email field is shown. */
export async function measurePeer(browser, { path, rate, hostOrigin, timeoutMs }) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(peerProbe);
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    const throttle = await throttleAllRenderers(context, page, rate);
    await page.goto(`${hostOrigin}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__latchBench?.input !== undefined, null, { polling: 50 });
    const marks = await page.evaluate(() => window.__latchBench);
    const throttleErrors = throttle.errors();
    if (throttleErrors.length > 0) throw new Error(`CPU throttling failed: ${throttleErrors.join('; ')}`);
    // A field in the page's own HTML (or drawn by a page's own script) takes input as soon as it shows.
    return { form: marks.input, ready: marks.input };
  } finally {
    await context.close();
  }
}
