// One cold run: a new browser context (empty cache, no cookies), the bench host page for one
// login config, marks from the host page and the frame probe, and the bytes of every response.
import { frameProbe, readFrameMarks } from './page.mjs';
import { pollIn, pollUntil } from './poll.mjs';
import { throttleAllRenderers } from './throttle.mjs';

export const HEADING = 'Sign up or log in';
/** Settled: nothing in flight for this long after the last request ended... */
const QUIET_MS = 300;
/** ...and the frame's batched event log (sent ~800 ms after it starts) is out, or this passed. */
const EVENTS_WAIT_MS = 2500;
const EVENTS_PATH = '/sdk/v1/events';
const SETTLE_MAX_MS = 5000;

/** Which part of the stack a response belongs to. */
function category(url, { hostOrigin, authOrigin }) {
  const { origin, pathname } = new URL(url);
  if (origin === hostOrigin) return 'host';
  if (origin !== authOrigin) return 'other';
  if (pathname.startsWith('/loader')) return 'loader';
  if (pathname.startsWith('/frame/')) return 'frame';
  if (pathname.startsWith('/sdk/')) return 'api';
  return 'other';
}

/** Counts requests in flight (page and out-of-process frame alike) and their transferred bytes. */
function trackNetwork(page, origins) {
  const inFlight = new Set();
  const records = [];
  let lastChange = Date.now();
  const settledOne = async (request, failed) => {
    inFlight.delete(request);
    lastChange = Date.now();
    const record = { url: request.url(), method: request.method(), failed, bytes: 0 };
    record.category = category(record.url, origins);
    records.push(record);
    const timing = request.timing();
    record.start = timing.startTime;
    record.end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : undefined;
    if (failed) return;
    // Over the wire: encoded body plus headers (CDP `encodedDataLength`).
    const sizes = await request.sizes().catch(() => null);
    if (sizes) record.bytes = sizes.responseBodySize + sizes.responseHeadersSize;
  };
  const pendingSizes = [];
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', (request) => pendingSizes.push(settledOne(request, false)));
  page.on('requestfailed', (request) => pendingSizes.push(settledOne(request, true)));
  return {
    async settle() {
      const start = Date.now();
      const eventsSent = () => records.some((r) => new URL(r.url).pathname === EVENTS_PATH);
      const busy = () =>
        inFlight.size > 0 ||
        Date.now() - lastChange < QUIET_MS ||
        (!eventsSent() && Date.now() - start < EVENTS_WAIT_MS);
      while (Date.now() - start < SETTLE_MAX_MS && busy())
        await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all(pendingSizes);
      return records;
    },
  };
}

/** Sums bytes and counts requests per category. */
function summarize(records) {
  const sum = { host: 0, loader: 0, frame: 0, api: 0, other: 0, requests: records.length };
  for (const record of records) sum[record.category] += record.bytes;
  sum.total = sum.host + sum.loader + sum.frame + sum.api + sum.other;
  return sum;
}

/**
 * Runs one cold load of `/bench?config=name`. Times are ms since the host page's navigation start;
 * `sized` is from mount to the first height the loader gives the iframe (the drawn document's
 * early report, or the channel's `resize` for a frame drawn in the browser).
 */
export async function measureOnce(browser, { name, rate, origins, timeoutMs }) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(frameProbe, { authOrigin: origins.authOrigin, heading: HEADING });
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    const throttle = await throttleAllRenderers(context, page, rate);
    const network = trackNetwork(page, origins);
    await page.goto(`${origins.hostOrigin}/bench?config=${encodeURIComponent(name)}`, {
      waitUntil: 'commit',
    });
    const wait = { timeoutMs };
    const frame = await pollUntil(
      () => page.frames().find((f) => f.url().startsWith(`${origins.authOrigin}/`)),
      { ...wait, what: 'the frame on the auth origin' },
    );
    // The form shows, and (a build whose forms mark when React owns them, `data-latch-early-form`)
    // React owns it: ready for input.
    await pollIn(
      frame,
      () =>
        window.__latchBench?.input !== undefined &&
        (window.__latchBench.live !== undefined || !document.querySelector('form[data-latch-early-form]')),
      { ...wait, what: 'the form ready for input' },
    );
    await pollIn(page, () => window.__latchBench?.resize !== undefined, {
      ...wait,
      what: 'the iframe sized',
    });
    // After the marks, so its cost is not measured: the frame shows the login screen's heading.
    await page.frameLocator('iframe').getByRole('heading', { name: HEADING }).waitFor({ state: 'visible' });
    const records = await network.settle();
    const host = await page.evaluate(() => window.__latchBench);
    const inFrame = await frame.evaluate(readFrameMarks);
    const throttleErrors = throttle.errors();
    if (throttleErrors.length > 0) throw new Error(`CPU throttling failed: ${throttleErrors.join('; ')}`);
    if (rate > 1 && !throttle.throttledChildren().includes('iframe'))
      throw new Error('The cross-origin frame was not throttled (no iframe target attached).');
    const since = (wall) => (wall === undefined ? undefined : wall - host.timeOrigin);
    return {
      mount: host.mount,
      mountCall: host.mountReturned - host.mount,
      sized: host.resize - host.mount,
      frameResponse: since(inFrame.responseEnd),
      heading: since(inFrame.heading),
      fcp: since(inFrame.fcp),
      form: since(inFrame.input),
      // Ready for input: the form React owns; an older build's form is React's as soon as it shows.
      ready: since(inFrame.live ?? inFrame.input),
      bytes: summarize(records),
      records: records.map((r) => ({ ...r, start: since(r.start), end: since(r.end) })),
    };
  } finally {
    await context.close();
  }
}
