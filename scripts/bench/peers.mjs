// What Latch is measured beside in the same run: a plain <input> in the host page's own HTML, the
// floor for "email field visible", and Stytch's pre-built login UI (`@stytch/vanilla-js`, pinned in
// the root devDependencies) talking to our provider, which answers Stytch's browser-SDK API. Served
// by the bench host (servers.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { scriptJson } from './page.mjs';
import { pollIn, pollUntil } from './poll.mjs';
import { throttleAllRenderers } from './throttle.mjs';

/** The plain page: one labelled email field in the HTML itself. */
export const plainPage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plain input</title><link rel="icon" href="data:,"></head>
<body><main><form><label>Email <input type="email" name="email" autocomplete="email"></label><button>Continue</button></form></main></body>
</html>
`;

/** The floor's frame document: the plain form alone, no script, no style sheet. */
export const floorFrame = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plain form</title></head>
<body><form><label>Email <input type="email" name="email" autocomplete="email"></label><button>Continue</button></form></body>
</html>
`;

/**
 * The floor of a cross-origin widget: a host page that inserts, where the embed snippet stands, one
 * cross-site iframe whose document is the plain form. Nothing built on such a frame shows sooner.
 */
export const floorPage = (frameOrigin) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare cross-site iframe</title><link rel="icon" href="data:,"></head>
<body><main><div id="login"></div><script>
var f=document.createElement('iframe');f.src=${JSON.stringify(`${frameOrigin}/floor-frame`)};f.title='Log in';
f.style.cssText='border:0;width:100%;max-width:400px;height:160px';document.getElementById('login').appendChild(f);
</script></main></body>
</html>
`;

const STYTCH_DIR = 'node_modules/@stytch/vanilla-js';
const STYTCH_SCRIPT = '/stytch/vanilla-js.js';

/** The installed `@stytch/vanilla-js` version, for the row's name. */
export function stytchVersion(root) {
  return JSON.parse(readFileSync(join(root, STYTCH_DIR, 'package.json'), 'utf8')).version;
}

/**
 * Stytch's page: the SDK's browser bundle (the IIFE build, the one a site includes with a script
 * tag) in the head as our loader is in Latch's page, then `mountLogin` with the same login config.
 * The client's API base is our provider (`endpoints.testAPIURL`: the documented `customBaseUrl`
 * keeps only a host name and forces https, and the bench provider is plain http on a port).
 */
export function stytchPage({ authOrigin, publicToken, config }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Stytch vanilla-js</title>
<link rel="icon" href="data:,">
<script src="${STYTCH_SCRIPT}"></script>
</head>
<body>
<main><div id="login"></div></main>
<script>
(() => {
  const client = stytch.createStytchClient(${scriptJson(publicToken)}, {
    endpoints: { testAPIURL: ${scriptJson(authOrigin)}, liveAPIURL: ${scriptJson(authOrigin)}, dfpBackendURL: ${scriptJson(authOrigin)} },
  });
  const config = ${scriptJson(config)};
  // Since 6.0 a product is the SDK's own object (\`stytch.Products.emailMagicLinks\`), not its name.
  const props = { client, config: { ...config, products: config.products.map((name) => stytch.Products[name]) } };
  // mountLogin() of 6.3.0 appends a new <stytch-ui> without handing it the props (it calls
  // render() only on an element already there), which leaves an empty box: render them here.
  stytch.mountLogin({ elementId: '#login', ...props }).render(props);
})();
</script>
</body>
</html>
`;
}

/** The SDK bundle, Brotli-compressed once, as a CDN would serve it (Latch's assets are too). */
export function stytchScript(root) {
  const body = brotliCompressSync(readFileSync(join(root, STYTCH_DIR, 'dist/iife/index.js')));
  return { path: STYTCH_SCRIPT, type: 'text/javascript', encoding: 'br', body };
}

/**
 * Init script for the peers' top-level pages: `input` when the first email field (also inside shadow
 * roots, which pre-built UIs may use) has a layout box, at the animation frame that paints it.
 */
export function peerProbe() {
  // The page itself, or the floor's frame (its form is the widget).
  if (window.top !== window && location.pathname !== '/floor-frame') return;
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
export async function measurePeer(browser, { path, rate, hostOrigin, timeoutMs, inFrame = false }) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(peerProbe);
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    const throttle = await throttleAllRenderers(context, page, rate);
    await page.goto(`${hostOrigin}${path}`, { waitUntil: 'commit' });
    const hasField = () => window.__latchBench?.input !== undefined;
    // The floor's field is in its frame: its marks count from the host page's navigation start.
    const target = inFrame
      ? await pollUntil(() => page.frames().find((f) => f !== page.mainFrame()), {
          timeoutMs,
          what: 'the iframe',
        })
      : page;
    await pollIn(target, hasField, { timeoutMs, what: 'the email field' });
    const marks = await target.evaluate(() => window.__latchBench);
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const input = marks.input + marks.timeOrigin - pageOrigin;
    const throttleErrors = throttle.errors();
    if (throttleErrors.length > 0) throw new Error(`CPU throttling failed: ${throttleErrors.join('; ')}`);
    // A field in the page's own HTML (or drawn by a page's own script) takes input as soon as it shows.
    return { form: input, ready: input };
  } finally {
    await context.close();
  }
}
