import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuMicros, startCpuReading } from './cpuTime.mjs';
import { resultsTable } from './report.mjs';

/** A process group of its own that spends `ms` of CPU (not of wall time: load cannot change it), then waits. */
function spender(ms) {
  // Work in chunks of about a millisecond between readings: a reading is a system call, and one
  // per loop turn would spend its own CPU in the kernel.
  const burn = `const used = () => { const u = process.cpuUsage(); return u.user + u.system; };
    let x = 0; const end = used() + ${ms * 1000};
    while (used() < end) for (let i = 0; i < 1e6; i++) x += i;
    process.stdout.write(String(x > 0)); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', burn], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const spent = new Promise((resolve) => child.stdout.once('data', resolve));
  return { child, spent };
}

describe.runIf(existsSync('/proc/self/stat'))('CPU readings of process groups', () => {
  it('count what a group spent between the start and the stop, per unit', async () => {
    const { child, spent } = spender(300);
    try {
      const reading = startCpuReading({ server: { group: child.pid }, database: { parent: child.pid } });
      await spent;
      const { server, database, load } = reading.stop(100);
      // 300 ms of CPU over 100 units: 3,000 µs each, give or take the clock's ticks and Node's start.
      expect(server).toBeGreaterThanOrEqual(2_900);
      expect(server).toBeLessThan(6_000);
      // The same process counted as a parent: its children, none here, would add to it.
      expect(database).toBeGreaterThanOrEqual(2_900);
      expect(Math.abs((database ?? 0) - server)).toBeLessThan(200);
      expect(load).toBeGreaterThan(0);
    } finally {
      process.kill(-child.pid, 'SIGKILL');
    }
  });

  it('answer undefined for processes not given, and 0 for a group or parent that has none', () => {
    expect(cpuMicros([undefined, { group: 2 ** 22 + 12_345 }, { parent: 2 ** 22 + 12_345 }])).toEqual([
      undefined,
      0,
      0,
    ]);
  });
});

describe('the table', () => {
  it('shows server · database · load CPU per unit, — without a database, n/a when unread', () => {
    const summary = { perSecond: 4000, unit: 'req/s', p50: 12, p99: 24, max: 90, errors: 0 };
    const table = resultsTable([
      {
        storage: 'PostgreSQL',
        flow: 'f',
        connections: 50,
        summary: { ...summary, cpu: { server: 221.4, database: 55, load: 61 } },
        ratio: 0.13,
      },
      {
        storage: 'hello world',
        flow: 'GET /',
        connections: 50,
        summary: { ...summary, cpu: { server: 30, load: 25 } },
      },
      { storage: 'elsewhere', flow: 'GET /', connections: 50, summary },
    ]).split('\n');
    expect(table[2]).toContain('| 221 · 55 · 61 | 13.0 % |');
    expect(table[3]).toContain('| 30 · — · 25 | — |');
    expect(table[4]).toContain('| n/a | — |');
  });
});
