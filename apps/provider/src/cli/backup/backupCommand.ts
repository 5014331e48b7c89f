import { resolve } from 'node:path';
import { backupPGlite } from '../../db/pgliteBackup';
import { readEnv } from '../../env';
import { EXIT, type Command } from '../Command';
import { refusePostgres } from './refusePostgres';

/** `latch backup FILE`: the embedded database, as one file. */
export const backupCommand: Command = {
  words: ['backup'],
  summary: 'write the embedded database (PGlite) to FILE; stop the provider first',
  usage: 'FILE',
  help: {},
  options: {},
  allowPositionals: true,
  async run({ positionals }, io) {
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) {
      io.err('latch backup: give exactly one FILE');
      return EXIT.usage;
    }
    const env = readEnv(io.env);
    if (env.databaseUrl) return refusePostgres('backup', io);
    const { migration, bytes } = await backupPGlite(env.dataDir, resolve(file));
    io.out(`${resolve(file)}: ${bytes} bytes, migrations up to ${migration ?? 'none'}`);
    io.err(
      "The signing keys in it are sealed: keep LATCH_ENCRYPTION_KEY (or, with test projects only, the data folder's encryption.key) apart from it, and at hand to restore.",
    );
    return EXIT.ok;
  },
};
