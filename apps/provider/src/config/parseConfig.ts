import { formatIssue, type Issue } from '../validate';
import { configSchema, type LatchConfig, type ProjectConfig } from './configSchema';

export type ParsedConfig = { ok: true; config: LatchConfig } | { ok: false; error: string };

/** Shape check, then the rules that span fields or projects. Errors read `path: what is wrong`. */
export function parseConfig(raw: unknown): ParsedConfig {
  const r = configSchema.parse(raw, '');
  if (!r.ok) return { ok: false, error: formatIssue(r.issue) };
  const issue = crossCheck(r.value.projects);
  return issue ? { ok: false, error: formatIssue(issue) } : { ok: true, config: r.value };
}

function crossCheck(projects: ProjectConfig[]): Issue | null {
  const seen = { project_id: new Map<string, number>(), public_token: new Map<string, number>() };
  for (const [i, project] of projects.entries()) {
    const at = (field: string): string => `projects[${i}].${field}`;
    for (const key of ['project_id', 'public_token'] as const) {
      const first = seen[key].get(project[key]);
      if (first !== undefined)
        return bad(at(key), `${JSON.stringify(project[key])} is also used by projects[${first}]`);
      seen[key].set(project[key], i);
    }
    // Clients pick the test or live API host from the token itself (API.md "Transport").
    const isTestToken = project.public_token.startsWith('public-token-test-');
    if (isTestToken !== project.test) {
      return bad(
        at('test'),
        `is ${project.test} but the public token is a ${isTestToken ? 'test' : 'live'} token`,
      );
    }
    for (const [j, provider] of project.oauth_providers.entries()) {
      if (!provider.dev_idp && (!provider.client_id || !provider.client_secret)) {
        return bad(at(`oauth_providers[${j}]`), 'needs client_id and client_secret, or "dev_idp": true');
      }
    }
    const clientIds = new Set<string>();
    for (const [j, app] of project.connected_apps.entries()) {
      if (clientIds.has(app.client_id)) return bad(at(`connected_apps[${j}].client_id`), 'is used twice');
      clientIds.add(app.client_id);
    }
  }
  return null;
}

const bad = (path: string, message: string): Issue => ({ kind: 'invalid', path, message });
