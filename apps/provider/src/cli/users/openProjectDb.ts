import type { ProjectConfig } from '../../config/configSchema';
import { loadConfig } from '../../config/loadConfig';
import type { Db } from '../../db/Db';
import { openDb } from '../../db/openDb';
import { readEnv } from '../../env';

/** A usage problem: the command line named no project, or one the configuration does not have. */
export class ProjectChoiceError extends Error {}

/**
 * The project `--project` names (or the configuration's only one) and the database, as the server
 * would open them (DATABASE_URL, LATCH_DATA_DIR, LATCH_CONFIG). The caller closes the database.
 */
export async function openProjectDb(
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
