import type { ParseArgsConfig } from 'node:util';

/** Exit codes a script can rely on: 0 done, 1 the work failed, 2 the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What a command prints to: stdout for results, stderr for progress and errors. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

/** One `latch <words...>` command. Its options are parsed by node:util's parseArgs. */
export interface Command {
  /** The words after `latch`, e.g. `['migrate']` or `['keys', 'rotate']`. */
  words: readonly string[];
  summary: string;
  /** The usage line after `latch <words>`, e.g. `[--list]` or `FILE`. */
  usage: string;
  /** Each option's help line, keyed by its long name. */
  help: Readonly<Record<string, string>>;
  options: NonNullable<ParseArgsConfig['options']>;
  allowPositionals?: boolean;
  run: (args: { values: Record<string, unknown>; positionals: string[] }, io: CliIo) => Promise<ExitCode>;
}
