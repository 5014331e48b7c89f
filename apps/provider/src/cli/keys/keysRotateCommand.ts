import {
  DEFAULT_GRACE_SECONDS,
  MIN_GRACE_SECONDS,
  PUBLISHED_AFTER_RETIREMENT_MS,
  RotationUnderWayError,
  rotateSigningKey,
  useKeyring,
} from '../../sessions/signingKeys';
import { EXIT, type Command } from '../Command';
import { openExistingDb } from '../openExistingDb';
import { readSetup } from '../readSetup';

/** `latch keys rotate`: starts a signing-key rotation for each project (or the one named). */
export const keysRotateCommand: Command = {
  words: ['keys', 'rotate'],
  summary: 'start a signing-key rotation: a new key is published now and signs after the grace period',
  usage: '[--project PROJECT_ID] [--grace SECONDS]',
  help: {
    project: 'rotate only this project (default: every project of the config)',
    grace: `seconds between publishing the new key and signing with it (default ${DEFAULT_GRACE_SECONDS}, at least ${MIN_GRACE_SECONDS})`,
  },
  options: { project: { type: 'string' }, grace: { type: 'string' } },
  async run({ values }, io) {
    const graceSeconds = values.grace === undefined ? DEFAULT_GRACE_SECONDS : Number(values.grace);
    if (!Number.isInteger(graceSeconds) || graceSeconds < MIN_GRACE_SECONDS) {
      io.err(`latch keys rotate: --grace must be a whole number of seconds from ${MIN_GRACE_SECONDS}`);
      return EXIT.usage;
    }
    const { env, config, configPath, keyring } = readSetup(io.env);
    if (!config) {
      io.err(`latch keys rotate: no config file at ${configPath} (set LATCH_CONFIG)`);
      return EXIT.failed;
    }
    const projects = config.projects.filter(
      (p) => values.project === undefined || p.project_id === values.project,
    );
    if (projects.length === 0) {
      io.err(`latch keys rotate: no project "${String(values.project)}" in ${configPath}`);
      return EXIT.usage;
    }
    const db = await openExistingDb(env);
    useKeyring(db, keyring.keyring);
    let code: typeof EXIT.ok | typeof EXIT.failed = EXIT.ok;
    try {
      for (const project of projects) {
        try {
          const r = await rotateSigningKey(db, project, { graceSeconds });
          const until = new Date(r.activatesAt.getTime() + PUBLISHED_AFTER_RETIREMENT_MS).toISOString();
          io.out(
            `${project.project_id}  ${r.kid} published now, signs from ${r.activatesAt.toISOString()}` +
              (r.retiring ? `; ${r.retiring} retires then and stays published until ${until}` : ''),
          );
          for (const kid of r.deleted)
            io.out(`${project.project_id}  ${kid} deleted (every token it signed has expired)`);
        } catch (error) {
          if (!(error instanceof RotationUnderWayError)) throw error;
          io.err(`latch keys rotate: ${project.project_id}: ${error.message}`);
          code = EXIT.failed;
        }
      }
      return code;
    } finally {
      await db.close();
    }
  },
};
