// `npm run bench:provider`: the provider under load. Measures a hono hello world (the baseline,
// its own process), then a fresh provider on PGlite, on PostgreSQL and on PostgreSQL with several
// worker processes (LATCH_WORKERS), each driven by autocannon from this process: GET /healthz,
// POST /sdk/v1/sessions/authenticate and the passcode sign-in, at several concurrencies; then the
// hello world again. Ratios divide by the faster of its two runs: a baseline slowed by a busy
// moment would flatter every row. Prints a Markdown table; writes nothing in the repository.
// Method and figures: docs/performance.md, "Provider under load". Helpers: scripts/bench/provider/.
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { healthzFlow, helloFlow, passcodeFlow, sessionsFlow, signIn } from './bench/provider/flows.mjs';
import { startCpuReading } from './bench/provider/cpuTime.mjs';
import { runFlow } from './bench/provider/load.mjs';
import { findPostgresBin, startPostgres } from './bench/provider/postgres.mjs';
import { logProblems, resultsTable, summarize } from './bench/provider/report.mjs';
import { providerEntry, startHello, startProvider, ServerError } from './bench/provider/servers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE =
  'Usage: node scripts/benchProvider.mjs [--seconds N] [--warmup N] [--workers N] ' +
  '[--storage pglite,postgres,workers] [--socket] [--source]';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    storage: { type: 'string', default: 'pglite,postgres,workers' },
    source: { type: 'boolean', default: false },
    // The provider reaches PostgreSQL through its Unix socket instead of TCP on 127.0.0.1.
    socket: { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const workers = Number(args.workers);
// One worker is the plain PostgreSQL run already.
const storages = args.storage
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s !== 'workers' || Number(args.workers) !== 1);
if (
  !Number.isInteger(seconds) ||
  seconds < 1 ||
  !Number.isInteger(warmup) ||
  warmup < 0 ||
  !Number.isInteger(workers) ||
  workers < 1 ||
  storages.some((s) => !['pglite', 'postgres', 'workers'].includes(s))
) {
  console.error(USAGE);
  process.exit(2);
}

/** Per storage, in this order: the cheap floor, then reads before the flow that adds rows. */
const PLAN = [
  { key: 'healthz', connections: [10, 50] },
  { key: 'sessions', connections: [10, 50] },
  { key: 'passcode', connections: [10, 20, 50] },
];
const HELLO_CONNECTIONS = [...new Set(PLAN.flatMap((p) => p.connections))].sort((a, b) => a - b);
const SESSIONS = Math.max(...PLAN.find((p) => p.key === 'sessions').connections);

const cellCount = 2 * HELLO_CONNECTIONS.length + storages.length * PLAN.flatMap((p) => p.connections).length;
const OVERALL_TIMEOUT_MS = (cellCount * (seconds + warmup) + 240) * 1000;

// Everything started, newest last; stopped newest first (the provider before its database).
const running = [];
const started = (thing) => {
  running.push(thing);
  return thing;
};
async function stopStarted(thing) {
  const index = running.indexOf(thing);
  if (index >= 0) running.splice(index, 1);
  await thing.stop();
}
let cleaning = null;
const cleanup = () =>
  (cleaning ??= (async () => {
    while (running.length > 0) {
      try {
        await running.pop().stop();
      } catch {
        // Already gone (a signal can land mid-start).
      }
    }
  })());
async function fail(message, code = 1) {
  if (cleaning) return; // Stopping already; the run's own error is a consequence.
  console.error(message);
  await cleanup();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void fail(`\n${signal}: stopping.`, 130));
// Last resort when the process ends another way: nothing we started may outlive us.
process.once('exit', () => running.forEach((thing) => thing.kill()));
setTimeout(
  () =>
    void fail(`The benchmark took more than ${Math.round(OVERALL_TIMEOUT_MS / 60_000)} minutes; stopped.`),
  OVERALL_TIMEOUT_MS,
).unref();

// Progress on stderr; quiet once stopping, when a run cut short would report nonsense.
const log = (line) => {
  if (!cleaning) console.error(line);
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/**
 * Warm-up (discarded), then the measured run, with the CPU the server's and the database's
 * processes and this process (the load generator) spent per unit of it (`run.cpu`).
 * @param {Parameters<typeof startCpuReading>[0]} processes
 */
async function measure(url, flow, connections, processes) {
  if (warmup > 0) await runFlow(url, flow, { connections, seconds: warmup });
  const reading = startCpuReading(processes);
  const run = await runFlow(url, flow, { connections, seconds });
  return { ...run, cpu: reading.stop(run.units) };
}

/** The hello world at each concurrency: req/s by connections. */
async function measureHello(label) {
  const hello = started(await startHello(root));
  await hello.ready;
  const rates = new Map();
  const cells = [];
  for (const connections of HELLO_CONNECTIONS) {
    const run = await measure(`http://127.0.0.1:${hello.port}`, helloFlow, connections, {
      server: { group: hello.pgid },
    });
    const summary = summarize(run, 1);
    rates.set(connections, summary.perSecond);
    cells.push({ storage: label, flow: 'GET /', connections, summary, run });
    log(`${label}, c=${connections}: ${Math.round(summary.perSecond)} req/s, ${summary.errors} errors`);
  }
  await stopStarted(hello);
  return { rates, cells };
}

/**
 * One provider, fresh, through every flow of the plan. `databaseProcesses`: PostgreSQL's, whose CPU
 * the table shows beside the provider's.
 */
async function measureProvider(label, options, databaseProcesses) {
  log(`\n${label}: starting (load average ${load()})`);
  const provider = started(await startProvider(root, { ...options, fromSource: args.source }));
  await provider.ready;
  const base = `http://127.0.0.1:${provider.port}`;
  const processes = provider.processes();
  log(`${label}: ready on ${base}, ${processes ?? '?'} process(es); signing in ${SESSIONS} visitors`);
  const tokens = [];
  try {
    while (tokens.length < SESSIONS) {
      tokens.push(...(await Promise.all(Array.from({ length: 5 }, () => signIn(base, provider.origin)))));
    }
  } catch (error) {
    // Nothing can be measured if a single sign-in fails: that is the provider's answer to report.
    throw new ServerError(`${label}: signing in the visitors failed: ${error.message}\n${provider.tail()}`);
  }
  const flows = {
    healthz: healthzFlow,
    sessions: sessionsFlow(tokens),
    passcode: passcodeFlow(provider.origin),
  };
  const cells = [];
  for (const { key, connections: list } of PLAN) {
    const flow = flows[key];
    for (const connections of list) {
      const run = await measure(base, flow, connections, {
        server: { group: provider.pgid },
        database: databaseProcesses,
      });
      const summary = summarize(run, flow.steps.length);
      if (!provider.alive())
        throw new ServerError(
          `${label}: the provider exited during ${flow.name}, c=${connections}:\n${provider.tail()}`,
        );
      cells.push({ storage: label, flow: flow.name, connections, summary, run });
      const p99 = summary.p99 === undefined ? 'n/a' : `${Math.round(summary.p99)} ms`;
      log(
        `${label}, ${flow.name}, c=${connections}: ${summary.perSecond.toFixed(1)} ${summary.unit}, ` +
          `p99 ${p99}, ${summary.errors} errors`,
      );
    }
  }
  // Read before stopping: the log lives in the provider's temp folder.
  const problems = logProblems(provider.log());
  await stopStarted(provider);
  log(`${label}: stopped (load average ${load()})`);
  return { label, processes, cells, problems };
}

/** The notes under the table: inbox reads, failure examples, provider log lines. */
function notes(runs) {
  const lines = [];
  for (const { label, processes, cells, problems } of runs) {
    lines.push(`\n${label} (${processes ?? '?'} process(es)):`);
    for (const { flow, connections, summary, run } of cells) {
      if (summary.untimedP50 !== undefined) {
        lines.push(
          `  ${flow} c=${connections}: dev inbox read (not in the flow latency) p50 ${summary.untimedP50.toFixed(1)} ms, ` +
            `p99 ${summary.untimedP99.toFixed(1)} ms; ${Math.round(summary.requestsPerSecond)} req/s in all`,
        );
      }
      if (run.socketErrors || run.timeouts)
        lines.push(
          `  ${flow} c=${connections}: ${run.socketErrors} socket errors, ${run.timeouts} time-outs`,
        );
      for (const [sample, count] of [...run.errorSamples].slice(0, 5))
        lines.push(`  ${flow} c=${connections}: ${count}× ${sample}`);
    }
    if (problems.length > 0) {
      lines.push(`  provider log: ${problems.length} distinct error/warning lines, e.g.:`);
      for (const line of problems.slice(0, 5)) lines.push(`    ${line.slice(0, 200)}`);
    }
  }
  return lines.join('\n');
}

async function main() {
  const cpu = cpus();
  const machine =
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, ` +
    `Node ${process.versions.node}`;
  const entry = providerEntry(root, { fromSource: args.source }).label;
  log(`Machine: ${machine}; load average ${load()}\nProvider: ${entry}`);

  const pgBin = storages.some((s) => s !== 'pglite') ? findPostgresBin() : null;
  let pgVersion = null;
  const wanted = storages.filter((s) => s === 'pglite' || pgBin);
  if (wanted.length < storages.length) {
    const where = process.env.LATCH_PG_BIN
      ? `LATCH_PG_BIN=${process.env.LATCH_PG_BIN} has no initdb`
      : 'no /usr/lib/postgresql/<version>/bin/initdb; set LATCH_PG_BIN to another folder';
    log(`PostgreSQL binaries not found (${where}): skipping the PostgreSQL runs.`);
  }

  const helloFirst = await measureHello('hello world, first');
  const runs = [];
  for (const storage of wanted) {
    if (storage === 'pglite') {
      runs.push(await measureProvider('PGlite', {}));
      continue;
    }
    // A fresh cluster per run, so the multi-worker run does not start with the first one's rows.
    const pg = await startPostgres(pgBin);
    const database = started({ stop: async () => pg.stop(), kill: () => pg.stop() });
    pgVersion = pg.version;
    const n = storage === 'workers' ? workers : 1;
    const label = `PostgreSQL${args.socket ? ' (socket)' : ''}${storage === 'workers' ? `, ${n} workers` : ''}`;
    const databaseUrl = args.socket ? pg.socketUrl : pg.url;
    const postmaster = pg.postmasterPid();
    runs.push(
      await measureProvider(label, { databaseUrl, workers: n }, postmaster && { parent: postmaster }),
    );
    await stopStarted(database);
  }
  const helloLast = await measureHello('hello world, last');
  const baseline = new Map(
    HELLO_CONNECTIONS.map((c) => [c, Math.max(helloFirst.rates.get(c), helloLast.rates.get(c))]),
  );
  const measured = runs
    .flatMap((r) => r.cells)
    .map((cell) => ({ ...cell, ratio: cell.summary.requestsPerSecond / baseline.get(cell.connections) }));

  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(`\nLatch provider under load, ${when} UTC: ${machine}.`);
  console.log(`Provider: ${entry}${pgVersion ? `; ${pgVersion}` : ''}. autocannon in this process.`);
  console.log(
    `${seconds} s per row after ${warmup} s of warm-up; rate: units completed per second; latency: ` +
      'per unit (a passcode flow: its two API calls); errors: failed units, socket errors and time-outs; ' +
      'CPU: µs of CPU per unit spent by the server’s processes (the provider and its workers), ' +
      'PostgreSQL’s and the load generator (this process), from /proc; ' +
      'last column: 2xx answers per second ÷ the hello world’s at the same concurrency, the faster of ' +
      'its runs before and after the provider’s.\n',
  );
  console.log(resultsTable([...helloFirst.cells, ...helloLast.cells, ...measured]));
  console.log(notes(runs));
}

try {
  await main();
  await cleanup();
} catch (error) {
  // A server that failed says so itself; anything else is a bug here: show where.
  const detail = error instanceof ServerError ? error.message : error instanceof Error ? error.stack : error;
  await fail(`Benchmark failed: ${detail}`);
}
