import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { EXIT, type Command } from '../Command';
import { exportUsers } from './exportUsers';
import { openProjectDb, ProjectChoiceError } from './openProjectDb';

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
    const projectId = typeof values.project === 'string' ? values.project : undefined;
    let opened;
    try {
      opened = await openProjectDb(io.env, projectId);
    } catch (error) {
      if (!(error instanceof ProjectChoiceError)) throw error;
      io.err(`latch users export: ${error.message}`);
      return EXIT.usage;
    }
    const { db, project } = opened;
    const [file] = positionals;
    const out = file === undefined ? process.stdout : createWriteStream(file);
    try {
      const counts = { users: 0, skipped: 0, extraAddresses: 0 };
      for await (const line of exportUsers(db, project, counts)) await writeLine(out, line);
      if (out !== process.stdout) {
        out.end();
        await once(out, 'finish');
      }
      io.err(`${counts.users} users exported`);
      if (counts.skipped > 0) io.err(`${counts.skipped} users without an email or phone number left out`);
      if (counts.extraAddresses > 0)
        io.err(`${counts.extraAddresses} addresses past a user's first email or phone number left out`);
      return EXIT.ok;
    } finally {
      await db.close();
    }
  },
};
