import { sealedWith } from '../../crypto/sealedSecret';
import { keyRows, keyState, PUBLISHED_AFTER_RETIREMENT_MS } from '../../sessions/signingKeys';
import { readEnv } from '../../env';
import { EXIT, type Command } from '../Command';
import { openExistingDb } from '../openExistingDb';

const iso = (ms: number | null): string => (ms === null ? '-' : new Date(ms).toISOString());

/** `latch keys list`: every stored signing key, its state and times; reads nothing secret. */
export const keysListCommand: Command = {
  words: ['keys', 'list'],
  summary: 'list the signing keys: state, when each signs, until when it is published, what seals it',
  usage: '[--project PROJECT_ID]',
  help: { project: "list only this project's keys" },
  options: { project: { type: 'string' } },
  async run({ values }, io) {
    const env = readEnv(io.env);
    const db = await openExistingDb(env);
    try {
      const project = typeof values.project === 'string' ? values.project : undefined;
      const rows = await keyRows(db, project);
      const now = new Date();
      io.out(
        ['project', 'kid', 'state', 'signs_from', 'signs_until', 'published_until', 'sealed_with'].join('\t'),
      );
      for (const row of rows) {
        const published = row.retired_ms === null ? null : row.retired_ms + PUBLISHED_AFTER_RETIREMENT_MS;
        const sealed = row.private_key_sealed ? (sealedWith(row.private_key_sealed) ?? '?') : 'PLAIN';
        io.out(
          [
            row.project_id,
            row.kid,
            keyState(row, now),
            iso(row.activates_ms),
            iso(row.retired_ms),
            iso(published),
            sealed,
          ].join('\t'),
        );
      }
      return EXIT.ok;
    } finally {
      await db.close();
    }
  },
};
