import type { MiddlewareHandler } from 'hono';
import { parseBasicAuth } from './basicAuth';
import type { AppEnv, Services } from './deps';
import { errorResponse } from './envelope';

export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, X-SDK-Client, X-SDK-Parent-Host';
export const CORS_ALLOW_METHODS = 'GET, POST, PUT, DELETE';
const BOOTSTRAP_PREFIX = '/sdk/v1/projects/bootstrap/';

function claimedToken(path: string, basicUser: string | undefined): string | undefined {
  if (!path.startsWith(BOOTSTRAP_PREFIX)) return basicUser;
  try {
    return decodeURIComponent(path.slice(BOOTSTRAP_PREFIX.length));
  } catch {
    return path.slice(BOOTSTRAP_PREFIX.length);
  }
}

/**
 * Resolves the project (Basic auth user, or the bootstrap path token) and applies CORS for /sdk/v1:
 * the exact Origin is echoed with credentials only for the project's authorized origins and the auth
 * origin itself. A refused origin gets `400 bad_domain_for_stytch_sdk` with a credential-less
 * `Access-Control-Allow-Origin`, so the refused page can read why. Preflights carry no Authorization,
 * so outside bootstrap they pass for any configured project's origin and the real call is checked.
 */
export const sdkCors =
  ({ projects, authOrigin }: Services): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const credentials = parseBasicAuth(c.req.header('Authorization'));
    const token = claimedToken(c.req.path, credentials?.user);
    const project = token ? projects.byPublicToken(token) : undefined;
    c.set('credentials', credentials);
    c.set('project', project);

    const origin = c.req.header('Origin');
    const preflight = c.req.method === 'OPTIONS';
    if (origin === undefined) return preflight ? c.body(null, 204) : next();
    c.header('Vary', 'Origin');

    const allowed =
      origin === authOrigin ||
      (project ? project.authorized_origins.includes(origin) : projects.anyAuthorizedOrigin(origin));
    // An unknown token is a typo to report (invalid_public_token), not a domain to refuse.
    const unknownToken = !preflight && token !== undefined && project === undefined;
    if (!allowed && !unknownToken) {
      c.header('Access-Control-Allow-Origin', origin);
      const where = project ? `project "${project.name}"` : 'any project';
      return errorResponse(
        c,
        'bad_domain_for_stytch_sdk',
        `The origin ${origin} is not an authorized origin of ${where}. Add it to authorized_origins in the provider config.`,
      );
    }
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', 'X-Request-Id');
    if (allowed) c.header('Access-Control-Allow-Credentials', 'true');
    if (!preflight) return next();
    c.header('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
    c.header('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
    c.header('Access-Control-Max-Age', '600');
    return c.body(null, 204);
  };
