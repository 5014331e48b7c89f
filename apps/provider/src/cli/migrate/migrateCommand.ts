import { openDb } from '../../db/openDb';
import { migrate, readMigrations } from '../../db/migrate';
import { readEnv } from '../../env';
import { EXIT, type Command } from '../Command';

/** `latch migrate`: applies pending migrations, or with `--list` says which are applied. */
export const migrateCommand: Command = {
  words: ['migrate'],
  summary: 'apply pending database migrations (or list them)',
  usage: '[--list]',
  help: { list: 'list every migration and whether it is applied; change nothing' },
  options: { list: { type: 'boolean' } },
  async run({ values }, io) {
    const env = readEnv(io.env);
    const db = await openDb({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      if (values.list === true) {
        const applied = await appliedVersions(db);
        for (const m of readMigrations())
          io.out(`${applied.has(m.version) ? 'applied' : 'pending'}  ${m.version}_${m.name}`);
        return EXIT.ok;
      }
      const done = await migrate(db);
      io.out(done.length > 0 ? `applied: ${done.join(', ')}` : 'nothing to apply');
      return EXIT.ok;
    } finally {
      await db.close();
    }
  },
};

async function appliedVersions(db: Awaited<ReturnType<typeof openDb>>): Promise<Set<string>> {
  const [table] = await db.query<{ name: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS name",
  );
  if (!table?.name) return new Set();
  const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  return new Set(rows.map((r) => r.version));
}
