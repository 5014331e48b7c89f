// How much CPU a process has used: a silent child that still computes is making progress.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Seconds as `ps -o cputime=` prints them: `[[dd-]hh:]mm:ss[.ff]`. */
export function parseCpuTime(text) {
  const [days, clock] = text.trim().includes('-') ? text.trim().split('-') : ['0', text.trim()];
  const seconds = clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return Number(days) * 86_400 + seconds;
}

/** CPU time of `pid` in arbitrary increasing units, or 0 when the platform does not tell. */
export function cpuTime(pid) {
  try {
    // Linux: utime and stime, the 14th and 15th fields after the parenthesised command name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    try {
      return parseCpuTime(execFileSync('ps', ['-o', 'cputime=', '-p', String(pid)], { encoding: 'utf8' }));
    } catch {
      return 0;
    }
  }
}
