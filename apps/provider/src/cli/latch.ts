#!/usr/bin/env node
// The operator's command: `latch <command>` (the provider package's bin). Commands read the same
// environment as the server (DATABASE_URL, LATCH_DATA_DIR, LATCH_CONFIG, ...).
import { commands } from './commands';
import { runCli } from './runCli';

process.exitCode = await runCli(commands, process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
});
