import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { EXIT, type Command } from '../Command';
import { exportUsers } from './exportUsers';
import { withProjectDb } from './withProjectDb';

async function writeLine(out: Writable, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

/** `latch users export [FILE]`: a project's users in the import format, to FILE or stdout. */
export const exportUsersCommand: Command = {
  words: ['users', 'export'],
  summary: "write a project's users as JSON Lines, in the import's format (stdout without FILE)",
  usage: '[FILE] [--project ID]',
  help: { project: 'the project to export (needed when the configuration has several)' },
  options: { project: { type: 'string' } },
  allowPositionals: true,
  async run({ values, positionals }, io) {
    if (positionals.length > 1) {
      io.err('latch users export: give at most one FILE');
      return EXIT.usage;
    }
    return withProjectDb(io, 'users export', values.project, async (db, project) => {
      const [file] = positionals;
      const out = file === undefined ? process.stdout : createWriteStream(file);
      const counts = { users: 0, skipped: 0, extraAddresses: 0 };
      for await (const line of exportUsers(db, project, counts)) await writeLine(out, line);
      if (out !== process.stdout) {
        out.end();
        await once(out, 'finish');
      }
      io.err(`${counts.users} user${counts.users === 1 ? '' : 's'} exported`);
      if (counts.skipped > 0) io.err(`${counts.skipped} users without an email or phone number left out`);
      if (counts.extraAddresses > 0)
        io.err(`${counts.extraAddresses} addresses past a user's first email or phone number left out`);
      return EXIT.ok;
    });
  },
};
