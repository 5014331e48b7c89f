// `npm run bench`: what a visitor waits for and downloads before the login widget shows, measured
// in Chromium over cold runs (a new browser context each), unthrottled and with every renderer
// CPU-throttled. Starts its own provider (:4600) and host page (:3600); prints, writes nothing.
// Method and latest figures: docs/performance.md.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { BENCH_CONFIGS } from './bench/configs.mjs';
import { measureOnce } from './bench/measure.mjs';
import { measurePeer, stytchVersion } from './bench/peers.mjs';
import { bytesTable, peerTable, timingTable, waterfall } from './bench/report.mjs';
import {
  assertBenchPortsFree,
  AUTH_ORIGIN,
  HOST_ORIGIN,
  startHost,
  startProvider,
} from './bench/servers.mjs';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const OVERALL_TIMEOUT_MS = 10 * 60_000;
const RUN_TIMEOUT_MS = 30_000;
/** The Latch config compared with the peers. */
const COMPARED_CONFIG = 'emailMagicLinks';
/** Stytch's pre-built UI, the peer every row is divided by. */
const STYTCH = `Stytch vanilla-js ${stytchVersion(root)}`;
/** Peer pages on the bench host, measured in the same rounds. */
const FLOOR = 'bare cross-site iframe, plain form (the floor)';
const PEERS = { 'plain `<input>`': '/plain', [FLOOR]: '/floor', [STYTCH]: '/stytch' };
const REFERENCE = STYTCH;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    throttle: { type: 'string', default: '4' },
    waterfall: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const slowRate = Number(args.throttle);
if (!Number.isInteger(runs) || runs < 1 || !(slowRate >= 1)) {
  console.error('Usage: node scripts/bench.mjs [--runs N] [--throttle RATE] [--waterfall]');
  process.exit(2);
}
const rates = slowRate === 1 ? [1] : [1, slowRate];

const builds = ['apps/loader/dist/loader.js', 'apps/frame/dist/index.html'].map((f) => join(root, f));
const missing = builds.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(
    `Build output missing: ${missing.map((f) => relative(root, f)).join(', ')}. Run \`npm run build\`.`,
  );
  process.exit(1);
}

// Stopped in this order: the provider (sync, by pid), the host server, the browser.
let provider = null;
const cleanups = [];
let cleaning = null;
const stopProvider = () => provider?.stop();
function cleanup() {
  cleaning ??= (async () => {
    stopProvider();
    for (const stop of cleanups) {
      try {
        await stop();
      } catch {
        // Already closed (a signal can land mid-run).
      }
    }
  })();
  return cleaning;
}
async function fail(message, code = 1) {
  if (cleaning) return; // Stopping already; the run's own error is a consequence.
  console.error(message);
  await cleanup();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void fail(`\n${signal}: stopping.`, 130));
// Last resort when the process ends another way: the provider must not outlive us.
process.once('exit', stopProvider);
setTimeout(
  () => void fail(`The benchmark took more than ${OVERALL_TIMEOUT_MS / 60_000} minutes; stopped.`),
  OVERALL_TIMEOUT_MS,
).unref();

async function main() {
  await assertBenchPortsFree();
  provider = startProvider(root);
  await provider.ready;
  const host = await startHost(root, BENCH_CONFIGS, BENCH_CONFIGS[COMPARED_CONFIG]);
  cleanups.push(() => host.stop());
  const browser = await chromium.launch(chromiumLaunchOptions());
  cleanups.push(() => browser.close());
  const browserVersion = browser.version();

  const origins = { hostOrigin: HOST_ORIGIN, authOrigin: AUTH_ORIGIN };
  const measureLatch = (name, rate) =>
    measureOnce(browser, { name, rate, origins, timeoutMs: RUN_TIMEOUT_MS });
  const measure = (name, rate) =>
    name in PEERS
      ? measurePeer(browser, {
          path: PEERS[name],
          rate,
          hostOrigin: HOST_ORIGIN,
          timeoutMs: RUN_TIMEOUT_MS,
          inFrame: name === FLOOR,
        })
      : measureLatch(name, rate);
  // Warm the provider (module loading, file reads, JIT) so the first measured run is not an outlier;
  // the last config loads the most chunks.
  const warmup = Object.keys(BENCH_CONFIGS).at(-1);
  for (let i = 0; i < 2; i++) await measure(warmup, 1);
  for (const peer of Object.keys(PEERS)) await measure(peer, 1);

  const results = [];
  for (const rate of rates)
    for (const config of Object.keys(BENCH_CONFIGS)) results.push({ config, rate, runs: [] });
  const peerResults = [];
  for (const rate of rates) for (const name of Object.keys(PEERS)) peerResults.push({ name, rate, runs: [] });
  const started = Date.now();
  // Other work on the machine moves every figure: say how busy it was.
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  const loadBefore = load();
  // Interleaved: every round measures each config at each rate, so drift hits them all alike.
  for (let round = 1; round <= runs; round++) {
    for (const entry of results) entry.runs.push(await measure(entry.config, entry.rate));
    for (const entry of peerResults) entry.runs.push(await measure(entry.name, entry.rate));
    console.error(`round ${round}/${runs} done (${Math.round((Date.now() - started) / 1000)} s)`);
  }

  console.log(
    `\nLatch bench: ${runs} cold runs per row, Chromium ${browserVersion}, ${new Date().toISOString()}`,
  );
  console.log(
    `Load average (1 / 5 / 15 min) on ${cpus().length} cores: ${loadBefore} before the rounds, ${load()} after.`,
  );
  console.log(
    'ms since the host page navigation start (mountLogin(): its synchronous duration; sized: since mount, until the loader first sets the iframe height), median (min–max).\n',
  );
  console.log(timingTable(results));
  console.log(
    `\nBeside the peers, same rounds: email field visible (form) and ready for input (ready, hydrated for Latch), ms since navigation start; ratios to ${REFERENCE}'s email field visible.\n`,
  );
  const latchRows = results
    .filter((r) => r.config === COMPARED_CONFIG)
    .map(({ rate, runs: list }) => ({ name: `Latch (${COMPARED_CONFIG})`, rate, runs: list }));
  console.log(peerTable([...peerResults, ...latchRows], REFERENCE));
  console.log('\nKB transferred (headers + encoded bodies) until the page settles, unthrottled runs.\n');
  console.log(bytesTable(results));
  const shown = args.waterfall ? results : results.filter((r) => r.rate === rates.at(-1)).slice(0, 1);
  for (const { config, rate, runs: list } of shown) {
    console.log(`\nRequests of the last run, ${config} at ${rate}× (start → end, ms since navigation):`);
    console.log(waterfall(list.at(-1)));
  }
}

try {
  await main();
  await cleanup();
} catch (error) {
  await fail(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}
