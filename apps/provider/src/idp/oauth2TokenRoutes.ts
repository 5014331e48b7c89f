import { oauth2TokenBody } from '@latch/api';
import type { Context } from 'hono';
import type { ConnectedAppConfig, ProjectConfig } from '../config/configSchema';
import { constantTimeEqual } from '../crypto/hash';
import { ApiFailure } from '../http/ApiFailure';
import { parseBasicAuth } from '../http/basicAuth';
import type { AppEnv, Services } from '../http/deps';
import { parseBody, validateBody } from '../http/parseBody';
import { rawRoute, type Route } from '../http/route';
import { redeemAuthorizationCode } from './authorizationCodes';
import { mintIdpTokens } from './idpTokens';
import { currentSigningKey } from '../sessions';
import { pkceMatches } from '../tokens/pkce';

const badGrant = (): ApiFailure =>
  new ApiFailure(
    'invalid_code',
    400,
    'The code is unknown, used, expired, or was issued for another request.',
  );
const badClient = (): ApiFailure =>
  new ApiFailure('unauthorized_credentials', 401, 'The client is unknown or its credentials are wrong.');

/**
 * POST /v1/oauth2/token (RFC 6749 section 4.1.3, RFC 7636): redeems an authorization code once.
 * Confidential clients authenticate with their secret (body or Basic); every code issued with a
 * code_challenge needs its S256 verifier, and a public client's code must have one.
 */
const token = rawRoute('POST', '/v1/oauth2/token', async (c, services) => {
  const body = await readTokenBody(c);
  const basic = parseBasicAuth(c.req.header('Authorization'));
  const clientId = body.client_id ?? basic?.user;
  const secret = body.client_secret ?? basic?.password;
  if (!clientId) throw badClient();
  const owner = findOwner(services, clientId);
  if (!owner) throw badClient();
  const { project, app } = owner;
  if (app.client_secret && !(secret && constantTimeEqual(secret, app.client_secret))) throw badClient();

  const now = new Date();
  const redeemed = await redeemAuthorizationCode(services.db, {
    projectId: project.project_id,
    code: body.code,
    now,
  });
  if (!redeemed) throw badGrant();
  const { grant, userId } = redeemed;
  if (grant.client_id !== clientId || grant.redirect_uri !== body.redirect_uri) throw badGrant();
  if (grant.code_challenge !== undefined) {
    if (!body.code_verifier || !pkceMatches(body.code_verifier, grant.code_challenge)) throw badGrant();
  } else if (!app.client_secret) {
    throw badGrant(); // A public client without PKCE could be anyone holding the code.
  }
  const key = await currentSigningKey(services.db, project);
  const tokens = await mintIdpTokens({
    key,
    issuer: services.authOrigin,
    projectId: project.project_id,
    userId,
    grant,
    now,
  });
  c.header('Cache-Control', 'no-store');
  return c.json({ ...tokens, request_id: c.var.requestId, status_code: 200 });
});

/** JSON like every other route, or the form encoding OAuth client libraries send. */
async function readTokenBody(c: Context<AppEnv>) {
  if (!(c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')) {
    return parseBody(c, oauth2TokenBody);
  }
  return validateBody(oauth2TokenBody, Object.fromEntries(new URLSearchParams(await c.req.text())));
}

function findOwner(
  services: Services,
  clientId: string,
): { project: ProjectConfig; app: ConnectedAppConfig } | null {
  for (const project of services.config.projects) {
    const app = project.connected_apps.find((a) => a.client_id === clientId);
    if (app) return { project, app };
  }
  return null;
}

export const oauth2TokenRoutes: Route[] = [token];
