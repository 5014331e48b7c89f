import { createReadStream } from 'node:fs';
import { EXIT, type Command } from '../Command';
import { importUsers, type ImportCounts } from './importUsers';
import { withProjectDb } from './withProjectDb';

const summaryOf = (c: ImportCounts): string =>
  `${c.lines} lines: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.bad} bad`;

/** `latch users import FILE`: the users of a JSON Lines file into a project (docs/importing-users.md). */
export const importUsersCommand: Command = {
  words: ['users', 'import'],
  summary: "create or update a project's users from a JSON Lines file (- for stdin)",
  usage: 'FILE [--project ID] [--webhooks]',
  help: {
    project: 'the project to import into (needed when the configuration has several)',
    webhooks: "send user.created and user.updated to the project's webhook endpoints (off by default)",
  },
  options: { project: { type: 'string' }, webhooks: { type: 'boolean' } },
  allowPositionals: true,
  async run({ values, positionals }, io) {
    const [file, ...extra] = positionals;
    if (file === undefined || extra.length > 0) {
      io.err('latch users import: give exactly one FILE (- for stdin)');
      return EXIT.usage;
    }
    return withProjectDb(io, 'users import', values.project, async (db, project) => {
      const started = Date.now();
      const input = file === '-' ? process.stdin : createReadStream(file);
      const counts = await importUsers(
        db,
        project,
        input,
        {
          bad: (line, problem) => io.err(`line ${line}: ${problem}`),
          progress: (c) => io.err(`${summaryOf(c)} (${((Date.now() - started) / 1000).toFixed(1)} s)`),
        },
        { webhooks: values.webhooks === true },
      );
      io.out(summaryOf(counts));
      return counts.bad > 0 ? EXIT.failed : EXIT.ok;
    });
  },
};
