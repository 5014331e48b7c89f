// Medians, ranges and the Markdown tables the benchmark prints.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const defined = (values) => values.filter((v) => typeof v === 'number' && Number.isFinite(v));

/** `median (min–max)` in whole ms. */
export function timeCell(values) {
  const v = defined(values);
  if (v.length === 0) return 'n/a';
  const ms = (n) => Math.round(n).toString();
  return `${ms(median(v))} (${ms(Math.min(...v))}–${ms(Math.max(...v))})`;
}

const kb = (n) => (n / 1024).toFixed(1);

/** Sizes barely move between cold runs: the median, and the spread only if there is one. */
function spreadCell(values, format) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? format(lo) : `${format(median(values))} (${format(lo)}–${format(hi)})`;
}

const row = (cells) => `| ${cells.join(' | ')} |`;

/** `results`: [{ config, rate, runs: [measureOnce result] }]. */
export function timingTable(results) {
  const lines = [
    row(['config', 'CPU', 'mount', 'mountLogin()', 'frame HTML', 'sized', 'heading', 'FCP', 'form', 'ready']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const { config, rate, runs } of results) {
    const col = (key) => timeCell(runs.map((r) => r[key]));
    lines.push(
      row([
        config,
        `${rate}×`,
        col('mount'),
        col('mountCall'),
        col('frameResponse'),
        col('sized'),
        col('heading'),
        col('fcp'),
        col('form'),
        col('ready'),
      ]),
    );
  }
  return lines.join('\n');
}

/**
 * Latch beside the peers, per CPU rate: email field visible and ready for input (medians), and each
 * divided by the email-field-visible median of `reference` at the same rate.
 * `rows`: [{ name, rate, runs: [{ form, ready }] }].
 */
export function peerTable(rows, reference) {
  const lines = [
    row([
      'page',
      'CPU',
      'email field visible',
      'ready for input',
      `visible ÷ ${reference}`,
      `ready ÷ ${reference}`,
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:']),
  ];
  const rates = [...new Set(rows.map((r) => r.rate))];
  for (const rate of rates) {
    const atRate = rows.filter((r) => r.rate === rate);
    const ref = atRate.find((r) => r.name === reference);
    const refVisible = ref ? median(defined(ref.runs.map((r) => r.form))) : undefined;
    const ratio = (values) => {
      const v = defined(values);
      return refVisible && v.length ? (median(v) / refVisible).toFixed(2) : 'n/a';
    };
    for (const { name, runs } of atRate) {
      lines.push(
        row([
          name,
          `${rate}×`,
          timeCell(runs.map((r) => r.form)),
          timeCell(runs.map((r) => r.ready)),
          ratio(runs.map((r) => r.form)),
          ratio(runs.map((r) => r.ready)),
        ]),
      );
    }
  }
  return lines.join('\n');
}

export function bytesTable(results) {
  const lines = [
    row(['config', 'host page', 'loader', 'frame', 'API', 'total', 'requests']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  // Bytes do not depend on the CPU rate; the unthrottled runs are enough.
  const fastest = Math.min(...results.map((r) => r.rate));
  for (const { config, runs } of results.filter((r) => r.rate === fastest)) {
    const col = (key) =>
      spreadCell(
        runs.map((r) => r.bytes[key]),
        kb,
      );
    lines.push(
      row([
        config,
        col('host'),
        col('loader'),
        col('frame'),
        col('api'),
        col('total'),
        spreadCell(
          runs.map((r) => r.bytes.requests),
          String,
        ),
      ]),
    );
  }
  return lines.join('\n');
}

/** One run's requests in start order: when each started and finished (ms since navigation), size, path. */
export function waterfall(run) {
  const ms = (n) => (n === undefined ? '   ?' : Math.round(n).toString().padStart(5));
  return [...run.records]
    .sort((a, b) => (a.start ?? 0) - (b.start ?? 0))
    .map((r) => {
      const { origin, pathname } = new URL(r.url);
      const where = `${origin}${pathname}`.slice(0, 90);
      const size = `${kb(r.bytes)} KB`.padStart(9);
      return `  ${ms(r.start)} → ${ms(r.end)} ms ${size}  ${r.method.padEnd(4)} ${where}${r.failed ? ' (failed)' : ''}`;
    })
    .join('\n');
}
