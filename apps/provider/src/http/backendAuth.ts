import type { Context } from 'hono';
import type { ProjectConfig } from '../config/configSchema';
import { constantTimeEqual } from '../crypto/hash';
import { parseBasicAuth } from './basicAuth';
import type { AppEnv, Services } from './deps';
import { AuthError } from '../errors/AuthError';

/**
 * Server-to-server calls authenticate with `Authorization: Basic base64(project_id:secret)`.
 * No header is 401 `unauthorized_credentials`; an unknown project or wrong secret is 401
 * `invalid_secret_authentication` (one answer for both, compared in constant time).
 */
export function requireBackendProject(c: Context<AppEnv>, services: Services): ProjectConfig {
  const credentials = parseBasicAuth(c.req.header('Authorization'));
  if (!credentials) {
    throw new AuthError('unauthorized_credentials', 'Send Authorization: Basic base64(project_id:secret).');
  }
  const project = services.projects.byProjectId(credentials.user);
  // Compare against something even for an unknown project, so timing does not reveal project ids.
  const secretMatches = constantTimeEqual(credentials.password, project?.secret ?? '\u0000no-project');
  if (!project || !secretMatches) {
    throw new AuthError('invalid_secret_authentication', 'The project id or secret is wrong.');
  }
  return project;
}
