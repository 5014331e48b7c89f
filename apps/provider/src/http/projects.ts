import type { LatchConfig, ProjectConfig } from '../config/configSchema';

/** Lookups over the configured projects, built once per app. */
export interface ProjectIndex {
  all: readonly ProjectConfig[];
  byPublicToken(token: string): ProjectConfig | undefined;
  byProjectId(projectId: string): ProjectConfig | undefined;
  /** Every project's authorized origins: the only origins a credential-less preflight may pass. */
  anyAuthorizedOrigin(origin: string): boolean;
}

export function indexProjects(config: LatchConfig): ProjectIndex {
  const byToken = new Map(config.projects.map((p) => [p.public_token, p]));
  const byId = new Map(config.projects.map((p) => [p.project_id, p]));
  const origins = new Set(config.projects.flatMap((p) => p.authorized_origins));
  return {
    all: config.projects,
    byPublicToken: (token) => byToken.get(token),
    byProjectId: (id) => byId.get(id),
    anyAuthorizedOrigin: (origin) => origins.has(origin),
  };
}
