// CPU time of a server's processes, for the CPU-per-request columns of `npm run bench:provider`.
// On a shared machine a server's rate moves with whatever else runs (a third between rounds a
// minute apart on the project's two-core machine), while the CPU it spends per request moves much
// less: the figure that says whether a change made the provider cheaper. Linux only (`/proc`);
// elsewhere every reading is undefined and the columns say n/a.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second, the unit of `/proc/<pid>/stat`'s times; 100 where `getconf` is missing. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * `/proc/<pid>/stat`'s fields after the command name (which may hold spaces and parentheses):
 * [1] parent, [2] process group, [11] user time, [12] system time, in ticks.
 */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * Which processes a reading counts: a process group (a server and the workers it forked), or a
 * process and its children (PostgreSQL's postmaster and its backends, each of which starts a
 * session of its own).
 * @typedef {{ group: number } | { parent: number }} Processes
 */

/** @param {Processes} processes @param {number} pid @param {string[]} fields */
const counts = (processes, pid, fields) =>
  'group' in processes
    ? Number(fields[2]) === processes.group
    : pid === processes.parent || Number(fields[1]) === processes.parent;

/**
 * User plus system CPU, in µs, of the live processes of each entry of `sets` (undefined entries
 * answer undefined): one pass over `/proc`. Undefined when there is no `/proc`.
 * @param {(Processes | undefined)[]} sets
 * @returns {(number | undefined)[] | undefined}
 */
export function cpuMicros(sets) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const totals = sets.map(() => 0);
  for (const pid of pids) {
    let fields;
    try {
      fields = statFields(pid);
    } catch {
      continue; // Exited while we read.
    }
    sets.forEach((processes, i) => {
      if (processes && counts(processes, Number(pid), fields))
        totals[i] += ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
    });
  }
  return totals.map((total, i) => (sets[i] === undefined ? undefined : total));
}

/** This process's own CPU (the load generator's), in µs. */
const ownCpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Starts a reading of the server's processes, the database's (if any) and this process; `stop`
 * answers each one's CPU per unit over the reading, in µs (undefined where unread).
 * @param {{ server: Processes | undefined, database?: Processes | undefined }} sets
 */
export function startCpuReading({ server, database }) {
  const before = cpuMicros([server, database]);
  const ownBefore = ownCpuMicros();
  return {
    /** @param {number} units completed during the reading */
    stop(units) {
      const after = cpuMicros([server, database]);
      const own = ownCpuMicros() - ownBefore;
      const per = (spent) => (spent === undefined || units <= 0 ? undefined : spent / units);
      const spent = (i) =>
        before?.[i] === undefined || after?.[i] === undefined ? undefined : after[i] - before[i];
      return { server: per(spent(0)), database: per(spent(1)), load: per(own) };
    },
  };
}
