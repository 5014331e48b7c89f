// `npm run bench:paint`: Latch's first screen against Stytch's and the bare cross-site iframe's, timed by the first paint each
// presents (the frame's, for Latch; the page's, for Stytch), in a trace of cold loads with nothing
// attached to any frame (scripts/bench/paintTrace.mjs). Unthrottled only: throttling a renderer
// needs a session on it. Loads alternate between the pages. Starts its own provider (:4600) and
// host page (:3600); prints, writes nothing. Method and figures: docs/performance.md.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { BENCH_CONFIGS } from './bench/configs.mjs';
import { launchOverPipe, presentedPaints, tracedLoad } from './bench/paintTrace.mjs';
import { stytchVersion } from './bench/peers.mjs';
import { median, timeCell } from './bench/report.mjs';
import { assertBenchPortsFree, HOST_ORIGIN, startHost, startProvider } from './bench/servers.mjs';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMPARED_CONFIG = 'emailMagicLinks';
/** Long enough for both pages' first paint on a loaded machine; the trace is cut there. */
const SETTLE_MS = 2500;

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node scripts/benchPaint.mjs [--runs N]');
  process.exit(2);
}

const FLOOR = 'bare cross-site iframe with a plain form (its frame, the floor)';
const PAGES = {
  [`Stytch vanilla-js ${stytchVersion(root)} (its page)`]: { path: '/stytch', paint: (p) => p.host },
  [FLOOR]: {
    path: '/floor',
    paint: (p) => p.frames[0],
  },
  [`Latch, ${COMPARED_CONFIG} (its frame)`]: {
    path: `/bench?config=${COMPARED_CONFIG}`,
    paint: (p) => p.frames[0],
  },
};

await assertBenchPortsFree();
const provider = startProvider(root);
let host;
let browser;
// Nothing started may outlive the run, however it ends (`stop` and `kill` are synchronous).
process.once('exit', () => {
  provider.stop();
  browser?.kill();
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
try {
  await provider.ready;
  host = await startHost(root, BENCH_CONFIGS, BENCH_CONFIGS[COMPARED_CONFIG]);
  // Debian's Chromium where the tests use it, else Playwright's own.
  browser = launchOverPipe(
    chromiumLaunchOptions().executablePath ?? chromium.executablePath(),
    CHROMIUM_ARGS,
  );
  const times = Object.fromEntries(Object.keys(PAGES).map((name) => [name, []]));
  // One discarded round warms the provider and the browser.
  for (let round = 0; round <= runs; round++) {
    for (const [name, { path, paint }] of Object.entries(PAGES)) {
      const paints = presentedPaints(await tracedLoad(browser, HOST_ORIGIN + path, SETTLE_MS), HOST_ORIGIN);
      const ms = paints && paint(paints);
      if (ms === undefined) throw new Error(`${name}: no first contentful paint within ${SETTLE_MS} ms`);
      if (round > 0) times[name].push(ms);
    }
    if (round > 0) console.error(`round ${round}/${runs} done`);
  }
  const [reference] = Object.keys(PAGES);
  console.log(
    `\nFirst contentful paint, ms since the host page's navigation start, median (min–max) of ${runs} cold loads:\n`,
  );
  console.log('| page | first paint | ÷ Stytch | ÷ floor |\n| --- | ---: | ---: | ---: |');
  const ratio = (values, to) => (median(values) / median(times[to])).toFixed(2);
  for (const [name, values] of Object.entries(times)) {
    console.log(`| ${name} | ${timeCell(values)} | ${ratio(values, reference)} | ${ratio(values, FLOOR)} |`);
  }
} finally {
  host?.stop();
  provider.stop();
  await browser?.close();
}
