// `npm run bench:delivery`: the outbox and its worker, against an SMTP stand-in (the smtp-server
// package) in this process. Three parts, each on a fresh provider process:
//   1. the send call: passcode sends on PGlite while the SMTP server takes 2 s per message, and for
//      a project without SMTP (the baseline); p50 and p99 of the call (the gateway must be off the
//      request path), over the second `--sends` after the start and, apart, the first;
//   2. throughput: messages queued on PostgreSQL, sent by one provider process; messages per second
//      from the first accepted to the last;
//   3. kills: runs on PostgreSQL with LATCH_WORKERS=2 where one worker is SIGKILLed mid-run; every
//      message must arrive (0 lost) and end recorded as sent. Copies are counted by Message-ID (the
//      outbox id) at the server's 250 reply; a copy is the kill's when its first acceptance came in
//      on one of the killed worker's connections and it was accepted twice, no more.
// Prints a Markdown table; writes nothing in the repository. Helpers: scripts/bench/provider/.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';
import { findPostgresBin, startPostgres } from './bench/provider/postgres.mjs';
import {
  HOST_ORIGIN,
  PROJECT,
  PUBLIC_TOKEN,
  providerEntry,
  startProvider,
} from './bench/provider/servers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE =
  'Usage: node scripts/benchDelivery.mjs [--sends N] [--concurrency N] [--messages N] [--kill-runs N] [--source]';
const { values: args } = parseArgs({
  options: {
    sends: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '10' },
    messages: { type: 'string', default: '3000' },
    'kill-runs': { type: 'string', default: '10' },
    source: { type: 'boolean', default: false },
  },
});
const sends = Number(args.sends);
const concurrency = Number(args.concurrency);
const messages = Number(args.messages);
const killRuns = Number(args['kill-runs']);
if (
  ![sends, concurrency, messages].every((n) => Number.isInteger(n) && n > 0) ||
  !Number.isInteger(killRuns)
) {
  console.error(USAGE);
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * An SMTP server that answers each message after `delayMs` and records each acceptance (its 250
 * reply) by Message-ID, with the time and the client's port: which connection it came in on.
 */
async function startSmtp(delayMs = 0) {
  const received = new Map();
  let first = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 1000,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', async () => {
        if (delayMs) await sleep(delayMs);
        const id = /^Message-ID: <([^@>]+)@/im.exec(head)?.[1] ?? 'unknown';
        last = performance.now();
        first ||= last;
        const acceptances = received.get(id) ?? [];
        acceptances.push({ at: last, port: session.remotePort });
        received.set(id, acceptances);
        callback();
      });
    },
  });
  // A provider killed mid-message resets its connections: expected here.
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.server.address().port,
    received,
    span: () => (last - first) / 1000,
    reset: () => {
      received.clear();
      first = last = 0;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const smtpProject = (port) => ({
  smtp: { host: '127.0.0.1', port, secure: false, from: 'Bench <no-reply@bench.example>' },
});

/**
 * Part 1: the passcode send call while every email takes the SMTP server 2 s, or (`delayMs` null,
 * the baseline) for a project without SMTP, whose emails are only stored. Two rounds of `sends`
 * after a start: the first pays for compiling, caches and the heap's growth, the second is the
 * steady state.
 */
async function sendCallLatency(delayMs) {
  const smtp = await startSmtp(delayMs ?? 0);
  const project = delayMs === null ? {} : smtpProject(smtp.port);
  const provider = await startProvider(root, { fromSource: args.source, project });
  try {
    await provider.ready;
    const url = `http://127.0.0.1:${provider.port}/sdk/v1/otps/email/login_or_create`;
    const headers = {
      Origin: HOST_ORIGIN,
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`,
    };
    let failures = 0;
    const one = async (name) => {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: `bench-${name}@example.com`, expiration_minutes: 10 }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
      return performance.now() - started;
    };
    const round = async (prefix) => {
      const times = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < sends) times.push(await one(`${prefix}${next++}`));
        }),
      );
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p99: percentile(times, 99) };
    };
    const first = await round('first-');
    const steady = await round('steady-');
    return { first, steady, failures };
  } finally {
    await provider.stop();
    await smtp.close();
  }
}

/** Queues `count` emails straight into the outbox, as committed sends would leave them. */
async function queueMessages(sql, prefix, count) {
  await sql.unsafe(
    `INSERT INTO outbox (message_id, project_id, channel, recipient, subject, body_text, state, next_attempt_at)
     SELECT $1 || g, $2, 'email', 'bench-' || g || '@example.com', 'Bench ' || g, 'x', 'queued', now()
     FROM generate_series(1, $3::int) g`,
    [prefix, PROJECT.project_id, count],
  );
}

/** The provider's worker processes (children of the LATCH_WORKERS primary). */
const workerPids = (primaryPid) =>
  execFileSync('pgrep', ['-P', String(primaryPid)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number)
    .filter(Boolean);

/** The local ports of `pid`'s connections to the SMTP server on `port`. */
function clientPorts(pid, port) {
  const lines = execFileSync('ss', ['-Htnp', 'state', 'established', 'dport', `= :${port}`], {
    encoding: 'utf8',
  }).split('\n');
  const ports = new Set();
  for (const line of lines) {
    if (!line.includes(`pid=${pid},`)) continue;
    const local = line.trim().split(/\s+/)[2];
    ports.add(Number(local.slice(local.lastIndexOf(':') + 1)));
  }
  return ports;
}

async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}

/** Parts 2 and 3, on one PostgreSQL cluster. */
async function onPostgres(bin) {
  const pg = await startPostgres(bin);
  const smtp = await startSmtp(0);
  const sql = postgres(pg.url, { max: 1, onnotice: () => undefined });
  // A short send timeout makes a short lease: a killed worker's claims are taken over within seconds.
  const config = { delivery: { send_timeout_seconds: 2 } };
  const project = smtpProject(smtp.port);
  const start = async (workers) => {
    const provider = await startProvider(root, {
      fromSource: args.source,
      databaseUrl: pg.url,
      workers,
      project,
      config,
    });
    await provider.ready;
    return provider;
  };
  try {
    // Migrate once, then queue before the measured start.
    await (await start()).stop();
    await queueMessages(sql, 'message-test-bench-t', messages);
    const provider = await start();
    const done = await waitFor(() => smtp.received.size >= messages, 300_000);
    const throughput = { sent: smtp.received.size, perSecond: (smtp.received.size - 1) / smtp.span(), done };
    await provider.stop();

    const kills = [];
    for (let run = 1; run <= killRuns; run++) {
      smtp.reset();
      const prefix = `message-test-bench-k${run}-`;
      await queueMessages(sql, prefix, messages);
      const cluster = await start(2);
      await waitFor(() => smtp.received.size >= messages * (0.2 + 0.5 * Math.random()), 120_000);
      const [victim] = workerPids(cluster.pgid);
      // The victim's connections: a message whose end of data it sent before dying came in on one.
      const victimPorts = clientPorts(victim, smtp.port);
      process.kill(victim, 'SIGKILL');
      await waitFor(() => smtp.received.size >= messages, 180_000);
      // Late copies of a takeover arrive within a lease.
      await sleep(5000);
      const ids = [...smtp.received.keys()].filter((id) => id.startsWith(prefix));
      const [row] =
        await sql`SELECT count(*)::int AS unsent FROM outbox WHERE message_id LIKE ${`${prefix}%`} AND state <> 'sent'`;
      let copies = 0;
      let unexplained = 0;
      for (const [first, ...again] of smtp.received.values()) {
        copies += again.length;
        // A copy the kill explains: the victim's, accepted once before it could record it.
        if (again.length > 1 || (again.length === 1 && !victimPorts.has(first.port)))
          unexplained += again.length;
      }
      kills.push({ run, lost: messages - ids.length, unsent: row.unsent, copies, unexplained });
      await cluster.stop();
    }
    return { throughput, kills };
  } finally {
    await sql.end();
    await smtp.close();
    pg.stop();
  }
}

console.log(`# Delivery benchmark\n`);
console.log(`${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()[0].toFixed(2)}`);
console.log(`provider: ${providerEntry(root, { fromSource: args.source }).label}\n`);

const baseline = await sendCallLatency(null);
const latency = await sendCallLatency(2000);
const row = ({ first, steady, failures }) =>
  `p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms (the first ${sends} after the start: ` +
  `p50 ${first.p50.toFixed(1)} ms, p99 ${first.p99.toFixed(1)} ms)${failures ? `; ${failures} non-200` : ''}`;
console.log('| part | figure | goal |');
console.log('|---|---|---|');
console.log(
  `| send call, no SMTP (baseline: ${sends} passcode sends after ${sends} others, ${concurrency} at a time, PGlite) | ${row(baseline)} | |`,
);
console.log(`| send call, SMTP server taking 2 s per email (same) | ${row(latency)} | p99 < 50 ms |`);
const bin = findPostgresBin();
if (!bin) {
  console.log('\nNo PostgreSQL binaries (LATCH_PG_BIN): throughput and kill runs skipped.');
} else {
  const { throughput, kills } = await onPostgres(bin);
  console.log(
    `| throughput, ${messages} queued emails, one process (PostgreSQL) | ${throughput.perSecond.toFixed(0)} msg/s` +
      `${throughput.done ? '' : ` (only ${throughput.sent} arrived)`} | ≥ 200 msg/s |`,
  );
  const sum = (key) => kills.reduce((total, k) => total + k[key], 0);
  const unexplained = sum('unexplained');
  const unsent = sum('unsent');
  console.log(
    `| ${kills.length} runs of ${messages} with one of 2 workers SIGKILLed mid-run | ${sum('lost')} lost, ` +
      `${sum('copies')} copies (per kill: ${kills.map((k) => k.copies).join(', ')}; most ` +
      `${Math.max(0, ...kills.map((k) => k.copies))})` +
      `${unexplained ? `, ${unexplained} not the kill's` : ''}${unsent ? `, ${unsent} not recorded as sent` : ''} ` +
      `| 0 lost, ≤ 1 copy per kill |`,
  );
}
