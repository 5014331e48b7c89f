import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configProblems } from '../../config/configProblems';
import { readEnv } from '../../env';
import { EXIT, type Command } from '../Command';

/**
 * `latch config check [FILE]`: every problem of a config file in one run, one line each as
 * `FILE:LINE: path: what is wrong` (the form editors and CI logs link to the line).
 */
export const configCheckCommand: Command = {
  words: ['config', 'check'],
  summary: 'check a config file and name every problem, line by line',
  usage: '[FILE]',
  help: {},
  options: {},
  allowPositionals: true,
  async run({ positionals }, io) {
    if (positionals.length > 1) {
      io.err('latch config check: one FILE at most');
      return EXIT.usage;
    }
    const env = readEnv(io.env);
    const file = positionals[0]
      ? resolve(positionals[0])
      : (env.configPath ?? join(env.dataDir, 'latch.config.json'));
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      io.err(`${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
      return EXIT.failed;
    }
    const problems = configProblems(text);
    for (const { line, message } of problems)
      io.err(`${file}${line === undefined ? '' : `:${line}`}: ${message}`);
    if (problems.length > 0) {
      io.err(`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in ${file}`);
      return EXIT.failed;
    }
    io.out(`${file}: a valid config`);
    return EXIT.ok;
  },
};
