import type { CliIo } from '../src/cli/Command';

/** A `latch` command's output in memory: stdout and stderr lines, and the environment it reads. */
export function captureIo(env: NodeJS.ProcessEnv = {}): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), env };
}
