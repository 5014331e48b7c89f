// `node scripts/benchAB.mjs a=DIR b=DIR [...]`: the first-screen benchmark for two or more built
// checkouts in the same rounds, with Stytch's UI as the reference. Each DIR is a checkout after its
// own `npm run build` (e.g. `git worktree add /tmp/base main`, then `npm ci && npm run build` in
// it); each gets its own provider and host page (ports 4610/3610, 4612/3612, ...), and every round
// measures every checkout at every CPU rate in turn, first to last then last to first, so a change
// in the machine's load hits them alike. Single runs on a shared machine move by hundreds of
// milliseconds; only a comparison within one run says which build is faster. Prints, writes nothing.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { BENCH_CONFIGS } from './bench/configs.mjs';
import { measureOnce } from './bench/measure.mjs';
import { measurePeer, stytchVersion } from './bench/peers.mjs';
import { median } from './bench/report.mjs';
import { assertBenchPortsFree, startHost, startProvider } from './bench/servers.mjs';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUN_TIMEOUT_MS = 30_000;
const OVERALL_TIMEOUT_MS = 20 * 60_000;
/** Ports of the first checkout; the next ones count up by two (4190-style blocked ports avoided). */
const FIRST_PROVIDER_PORT = 4610;
const FIRST_HOST_PORT = 3610;

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '8' },
    throttle: { type: 'string', default: '4' },
    config: { type: 'string', default: 'emailMagicLinks' },
  },
});
const runs = Number(args.runs);
const slowRate = Number(args.throttle);
const config = BENCH_CONFIGS[args.config];
const checkouts = positionals.map((arg) => {
  const at = arg.indexOf('=');
  return at > 0 ? { label: arg.slice(0, at), dir: resolve(arg.slice(at + 1)) } : null;
});
const usage =
  'Usage: node scripts/benchAB.mjs [--runs N] [--throttle RATE] [--config NAME] LABEL=DIR LABEL=DIR [...]';
if (!Number.isInteger(runs) || runs < 1 || !(slowRate >= 1) || !config || checkouts.length < 2) {
  console.error(`${usage}\nConfigs: ${Object.keys(BENCH_CONFIGS).join(', ')}.`);
  process.exit(2);
}
if (checkouts.includes(null)) {
  console.error(`Each checkout is LABEL=DIR.\n${usage}`);
  process.exit(2);
}
for (const { label, dir } of checkouts) {
  const needed = ['apps/provider/dist/main.js', 'apps/loader/dist/loader.js', 'apps/frame/dist/index.html'];
  const missing = needed.filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) {
    console.error(
      `${label} (${dir}) is not built: ${missing.join(', ')} missing. Run \`npm run build\` there.`,
    );
    process.exit(1);
  }
}
const rates = slowRate === 1 ? [1] : [1, slowRate];

const stops = [];
async function stopAll() {
  for (const stop of stops.splice(0).reverse()) {
    try {
      await stop();
    } catch {
      // Already gone.
    }
  }
}
// Last resort when the process ends another way: no provider may outlive us (their stop is sync).
const providers = [];
process.once('exit', () => providers.forEach((provider) => provider.stop()));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void stopAll().then(() => process.exit(130)));
setTimeout(() => {
  console.error(`The benchmark took more than ${OVERALL_TIMEOUT_MS / 60_000} minutes; stopped.`);
  void stopAll().then(() => process.exit(1));
}, OVERALL_TIMEOUT_MS).unref();

/** A checkout's provider and host page, side by side with the others'. */
async function serve({ label, dir }, index) {
  const port = FIRST_PROVIDER_PORT + 2 * index;
  const hostPort = FIRST_HOST_PORT + 2 * index;
  const authOrigin = `http://localhost:${port}`;
  const hostOrigin = `http://127.0.0.1:${hostPort}`;
  await assertBenchPortsFree(port, hostPort);
  const provider = startProvider(dir, { port, hostOrigin });
  providers.push(provider);
  stops.push(() => provider.stop());
  await provider.ready;
  const host = await startHost(root, BENCH_CONFIGS, config, { port: hostPort, authOrigin });
  stops.push(() => host.stop());
  return { label, origins: { authOrigin, hostOrigin } };
}

async function main() {
  const served = [];
  for (const [index, checkout] of checkouts.entries()) served.push(await serve(checkout, index));
  const browser = await chromium.launch(chromiumLaunchOptions());
  stops.push(() => browser.close());
  const stytch = `Stytch vanilla-js ${stytchVersion(root)}`;
  const rows = rates.flatMap((rate) => [
    ...served.map((s) => ({ name: s.label, rate, origins: s.origins, runs: [] })),
    { name: stytch, rate, origins: served[0].origins, peer: true, runs: [] },
  ]);
  const measure = ({ peer, origins, rate }) =>
    peer
      ? measurePeer(browser, {
          path: '/stytch',
          rate,
          hostOrigin: origins.hostOrigin,
          timeoutMs: RUN_TIMEOUT_MS,
        })
      : measureOnce(browser, { name: args.config, rate, origins, timeoutMs: RUN_TIMEOUT_MS });
  // Warm each provider (module loading, the server render's cache, JIT) before anything counts.
  for (const row of rows.filter((r) => r.rate === 1)) await measure(row);
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  const loadBefore = load();
  const started = Date.now();
  for (let round = 0; round < runs; round++) {
    for (const row of round % 2 === 0 ? rows : [...rows].reverse()) row.runs.push(await measure(row));
    console.error(`round ${round + 1}/${runs} done (${Math.round((Date.now() - started) / 1000)} s)`);
  }

  const med = (values) => {
    const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
    return v.length === 0 ? undefined : median(v);
  };
  const ms = (n) => (n === undefined ? '' : String(Math.round(n)));
  /** When the frame's first-screen chunk (`frame-*.js`) was requested, ms since navigation. */
  const frameScript = (run) =>
    run.records?.find((r) => /\/frame\/assets\/frame-[^/]*\.js$/.test(r.url))?.start;
  console.log(
    `\nLatch A/B bench (${args.config}): ${runs} cold runs per row, same rounds, Chromium ${browser.version()}, ${new Date().toISOString()}`,
  );
  console.log(
    `Load average (1 / 5 / 15 min) on ${cpus().length} cores: ${loadBefore} before the rounds, ${load()} after.`,
  );
  console.log(
    `Medians, ms since navigation start; ratios to ${stytch}'s email field visible at the same rate.\n`,
  );
  console.log(
    '| build | CPU | mountLogin() | email field visible | ready for input | ready − frame JS requested | visible ÷ Stytch | ready ÷ Stytch |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const reference = med(rows.find((r) => r.peer && r.rate === row.rate).runs.map((r) => r.form));
    const form = med(row.runs.map((r) => r.form));
    const ready = med(row.runs.map((r) => r.ready));
    const ratio = (n) => (n === undefined || !reference ? '' : (n / reference).toFixed(2));
    const cells = row.peer
      ? [row.name, `${row.rate}×`, '', ms(form), ms(ready), '', ratio(form), ratio(ready)]
      : [
          row.name,
          `${row.rate}×`,
          ms(med(row.runs.map((r) => r.mountCall))),
          ms(form),
          ms(ready),
          ms(med(row.runs.map((r) => (frameScript(r) === undefined ? undefined : r.ready - frameScript(r))))),
          ratio(form),
          ratio(ready),
        ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

try {
  await main();
  await stopAll();
} catch (error) {
  console.error(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  await stopAll();
  process.exit(1);
}
