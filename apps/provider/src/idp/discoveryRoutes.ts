import type { Context } from 'hono';
import type { AppEnv, Services } from '../http/deps';
import { errorResponse } from '../http/envelope';
import { rawRoute, type Route } from '../http/route';
import { discoveryDocument } from './discoveryDocument';
import { ISSUER_PATH } from './issuer';
import { issuerProject } from './issuerProject';

const metadata = (c: Context<AppEnv>, services: Services): Response => {
  const project = issuerProject(c, services);
  if (!project) return errorResponse(c, 'not_found', 'No project has this id.');
  // Public and the same for every caller; a config change shows within minutes.
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(discoveryDocument(project, services.authOrigin));
};

export const discoveryRoutes: Route[] = [
  // OpenID Connect Discovery 1.0 section 4: the well-known path is appended to the issuer.
  rawRoute('GET', `${ISSUER_PATH}/.well-known/openid-configuration`, metadata),
  // RFC 8414 section 3: for an issuer with a path, the well-known part goes before it.
  rawRoute('GET', `/.well-known/oauth-authorization-server${ISSUER_PATH}`, metadata),
];
