// The Markdown table `npm run bench:provider` prints, and the notes under it.
import { percentile } from './load.mjs';

const row = (cells) => `| ${cells.join(' | ')} |`;
const ms = (value) =>
  value === undefined ? 'n/a' : value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
const rate = (value) => (value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));

/**
 * One measured cell, reduced to what the table shows.
 * @param {Awaited<ReturnType<typeof import('./load.mjs').runFlow>>} run
 * @param {number} requestsPerUnit HTTP requests in one unit of the flow
 */
export function summarize(run, requestsPerUnit) {
  const perSecond = run.units / run.seconds;
  return {
    perSecond,
    unit: requestsPerUnit > 1 ? 'flows/s' : 'req/s',
    p50: percentile(run.latencies, 50),
    p99: percentile(run.latencies, 99),
    max: run.latencies.at(-1),
    // A unit failed (bad status or answer) or a request never got an answer (socket error, time-out).
    errors: run.failedUnits + run.socketErrors + run.timeouts,
    // Every successful HTTP request, the inbox reads included: what the server answered per second.
    requestsPerSecond: run.requests2xx / run.seconds,
    untimedP50: percentile(run.untimed, 50),
    untimedP99: percentile(run.untimed, 99),
    // µs of CPU per unit: server, database, load generator (`cpuTime.mjs`); absent when not read.
    cpu: run.cpu,
  };
}

/** `server · database · load` in µs per unit; — where there is no database, n/a where unread. */
function cpuCell(cpu) {
  const µs = (value) => (value === undefined ? 'n/a' : Math.round(value).toLocaleString('en-US'));
  if (!cpu) return 'n/a';
  return [µs(cpu.server), cpu.database === undefined ? '—' : µs(cpu.database), µs(cpu.load)].join(' · ');
}

/**
 * `cells`: [{ storage, flow, connections, summary, ratio }]; `ratio` is to the baseline's req/s,
 * absent on the baseline's own rows.
 */
export function resultsTable(cells) {
  const lines = [
    row([
      'storage',
      'flow',
      'c',
      'rate',
      'p50 ms',
      'p99 ms',
      'max ms',
      'errors',
      'CPU µs/unit: server · db · load',
      'req/s ÷ hello',
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const { storage, flow, connections, summary: s, ratio } of cells) {
    lines.push(
      row([
        storage,
        flow,
        String(connections),
        `${rate(s.perSecond)} ${s.unit}`,
        ms(s.p50),
        ms(s.p99),
        ms(s.max),
        String(s.errors),
        cpuCell(s.cpu),
        ratio === undefined ? '—' : `${(ratio * 100).toFixed(1)} %`,
      ]),
    );
  }
  return lines.join('\n');
}

/**
 * The provider's warnings and errors, each distinct line once: JSON log lines (pino) at level 40
 * (warn) or above, and plain lines that look like an error (a stack trace, a startup complaint).
 * The per-request lines of a healthy run are level 30 and left out.
 */
export function logProblems(text) {
  const problems = new Set();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let level;
    try {
      level = JSON.parse(line).level;
    } catch {
      // Not JSON.
    }
    const bad = typeof level === 'number' ? level >= 40 : /error|exception|warn|ECONN|EPIPE/i.test(line);
    if (bad) problems.add(line.replace(/"(time|request_id|pid|duration_ms)":("[^"]*"|\d+),?/g, ''));
  }
  return [...problems];
}
