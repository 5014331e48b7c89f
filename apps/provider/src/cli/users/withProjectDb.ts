import type { ProjectConfig } from '../../config/configSchema';
import { loadConfig } from '../../config/loadConfig';
import type { Db } from '../../db/Db';
import { pendingMigrations, readMigrations } from '../../db/migrate';
import { openDb } from '../../db/openDb';
import { readEnv } from '../../env';
import { EXIT, type CliIo, type ExitCode } from '../Command';

/** A usage problem: the command line named no project, or one the configuration does not have. */
class ProjectChoiceError extends Error {}

/**
 * The project `--project` names (or the configuration's only one) and the database, as the server
 * would open them (DATABASE_URL, LATCH_DATA_DIR, LATCH_CONFIG). The caller closes the database.
 */
async function openProjectDb(
  env: NodeJS.ProcessEnv,
  projectId: string | undefined,
): Promise<{ db: Db; project: ProjectConfig }> {
  const provider = readEnv(env);
  const { projects } = loadConfig({ configPath: provider.configPath, dataDir: provider.dataDir }).config;
  const project =
    projectId === undefined
      ? projects.length === 1
        ? projects[0]
        : undefined
      : projects.find((p) => p.project_id === projectId);
  if (!project) {
    const ids = projects.map((p) => p.project_id).join(', ');
    throw new ProjectChoiceError(
      projectId === undefined
        ? `--project is required: the configuration has ${projects.length} projects (${ids})`
        : `no project ${projectId} in the configuration (it has ${ids})`,
    );
  }
  return { db: await openDb({ databaseUrl: provider.databaseUrl, dataDir: provider.dataDir }), project };
}

/**
 * Runs `work` with the project and its database (closed after), as `latch <words>`: a project the
 * command line does not name, or names wrongly, is a usage error (exit code 2); a database with
 * migrations pending is refused (exit code 1), as the server would migrate it first.
 */
export async function withProjectDb(
  io: CliIo,
  words: string,
  projectId: unknown,
  work: (db: Db, project: ProjectConfig) => Promise<ExitCode>,
): Promise<ExitCode> {
  let opened;
  try {
    opened = await openProjectDb(io.env, typeof projectId === 'string' ? projectId : undefined);
  } catch (error) {
    if (!(error instanceof ProjectChoiceError)) throw error;
    io.err(`latch ${words}: ${error.message}`);
    return EXIT.usage;
  }
  try {
    const pending = await pendingMigrations(opened.db, readMigrations());
    if (pending.length > 0) {
      io.err(
        `latch ${words}: the database is not migrated (${pending.join(', ')} pending): run 'latch migrate' first`,
      );
      return EXIT.failed;
    }
    return await work(opened.db, opened.project);
  } finally {
    await opened.db.close();
  }
}
