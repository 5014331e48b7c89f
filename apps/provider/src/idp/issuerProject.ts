import type { Context } from 'hono';
import type { ProjectConfig } from '../config/configSchema';
import type { AppEnv, Services } from '../http/deps';

/** The project whose issuer path the request is under, if any project has that id. */
export const issuerProject = (c: Context<AppEnv>, services: Services): ProjectConfig | undefined =>
  services.projects.byProjectId(c.req.param('project_id') ?? '');

/**
 * The projects whose clients may call: the issuer's, or every project on the issuer-less legacy
 * path `/v1/oauth2/token` (there the client id alone names the project).
 */
export function callerProjects(c: Context<AppEnv>, services: Services): readonly ProjectConfig[] {
  if (c.req.param('project_id') === undefined) return services.projects.all;
  const project = issuerProject(c, services);
  return project ? [project] : [];
}
