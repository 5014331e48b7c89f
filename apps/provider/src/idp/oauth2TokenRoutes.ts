import type { Context } from 'hono';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { flatResponse } from '../http/envelope';
import { authenticateClient } from './clientAuthentication';
import { exchangeCode } from './codeExchange';
import { callerProjects } from './issuerProject';
import type { TokenResponse } from './issueTokens';
import { ISSUER_PATH, projectIssuer } from './issuer';
import { OAuthError } from '../errors/OAuthError';
import { answeringOAuthErrors, noStore } from '../http/oauthErrorResponse';
import { readOAuthBody, requireParam } from './oauthParams';
import { exchangeRefreshToken } from './refreshExchange';

export const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/**
 * The token endpoint (RFC 6749 section 3.2): the client authenticates (`client_secret_basic`,
 * `client_secret_post`, or `none` for a public client), then redeems an authorization code or a
 * refresh token. Errors are RFC 6749 section 5.2 (`{"error","error_description"}`), never the SDK
 * envelope: this is what OAuth client libraries parse.
 */
const token = (services: Services) =>
  answeringOAuthErrors(async (c: Context<AppEnv>) => {
    const params = await readOAuthBody(c);
    const client = authenticateClient(callerProjects(c, services), c.req.header('Authorization'), params);
    const issuer = projectIssuer(services.authOrigin, client.project.project_id);
    const grantType = requireParam(params, 'grant_type');
    const now = new Date();
    let tokens: TokenResponse;
    if (grantType === 'authorization_code') {
      tokens = await exchangeCode(services, client, params, issuer, now);
    } else if (grantType === 'refresh_token') {
      tokens = await exchangeRefreshToken(services, client, params, issuer, now);
    } else {
      throw new OAuthError(
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token.',
      );
    }
    noStore(c);
    return flatResponse(c, tokens);
  });

export const oauth2TokenRoutes: Route[] = [
  // The issuer's token endpoint, as discovery names it.
  rawRoute('POST', `${ISSUER_PATH}/oauth2/token`, (c, services) => token(services)(c)),
  // Kept for clients configured before discovery existed; the client id names the project.
  rawRoute('POST', '/v1/oauth2/token', (c, services) => token(services)(c)),
];
