import { resolve } from 'node:path';
import { restorePGlite } from '../../db/pgliteBackup';
import { readEnv } from '../../env';
import { EXIT, type Command } from '../Command';
import { refusePostgres } from './refusePostgres';

/** `latch restore FILE`: a `latch backup` file as the embedded database. */
export const restoreCommand: Command = {
  words: ['restore'],
  summary: 'load a `latch backup` FILE as the embedded database (PGlite); stop the provider first',
  usage: 'FILE [--replace]',
  help: { replace: 'move a database already in the data folder aside (pglite.replaced-<time>) first' },
  options: { replace: { type: 'boolean' } },
  allowPositionals: true,
  async run({ values, positionals }, io) {
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) {
      io.err('latch restore: give exactly one FILE');
      return EXIT.usage;
    }
    const env = readEnv(io.env);
    if (env.databaseUrl) return refusePostgres('restore', io);
    const { migration, movedAside } = await restorePGlite(env.dataDir, resolve(file), {
      replace: values.replace === true,
    });
    if (movedAside) io.out(`the previous database is in ${movedAside}`);
    io.out(
      `restored ${resolve(file)} (migrations up to ${migration ?? 'none'}); the next start applies any newer ones`,
    );
    return EXIT.ok;
  },
};
