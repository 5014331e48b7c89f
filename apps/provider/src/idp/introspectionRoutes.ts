import type { Context } from 'hono';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { verifyAccessToken } from './accessTokens';
import { authenticateClient } from './clientAuthentication';
import { ISSUER_PATH, projectIssuer } from './issuer';
import { callerProjects } from './issuerProject';
import { OAuthError } from '../errors/OAuthError';
import { answeringOAuthErrors, noStore } from '../http/oauthErrorResponse';
import { readOAuthBody, requireParam } from './oauthParams';
import { findRefreshTokenGrant } from './refreshTokens';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * RFC 7662 token introspection, for confidential clients about their own tokens: a public client
 * cannot authenticate (anyone could call as it), and another client's token is just inactive.
 * An access token is active while it verifies and its grant stands; a refresh token while it is
 * unused, unexpired and its grant stands.
 */
const introspect = (services: Services) =>
  answeringOAuthErrors(async (c: Context<AppEnv>) => {
    const params = await readOAuthBody(c);
    const client = authenticateClient(callerProjects(c, services), c.req.header('Authorization'), params);
    if (client.method === 'none') {
      throw new OAuthError(
        'invalid_client',
        'Introspection is for confidential clients, which authenticate.',
      );
    }
    const token = requireParam(params, 'token');
    const { project, app } = client;
    const projectId = project.project_id;
    const issuer = projectIssuer(services.authOrigin, projectId);
    const now = new Date();
    noStore(c);
    const refresh = await findRefreshTokenGrant(services.db, { projectId, token, now });
    if (refresh?.clientId === app.client_id) {
      return c.json({
        active: true,
        token_type: 'refresh_token',
        client_id: refresh.clientId,
        sub: refresh.userId,
        scope: refresh.scopes.join(' '),
        iss: issuer,
        iat: seconds(refresh.createdAt),
        exp: seconds(refresh.expiresAt),
      });
    }
    const access = refresh ? null : await verifyAccessToken(services.db, { project, issuer, token, now });
    if (access?.clientId === app.client_id) {
      return c.json({
        active: true,
        token_type: 'Bearer',
        client_id: access.clientId,
        sub: access.grant.user_id,
        scope: access.scopes.join(' '),
        aud: access.clientId,
        iss: issuer,
        iat: access.iat,
        exp: access.exp,
        auth_time: access.grant.auth_time,
        ...(access.jti === undefined ? {} : { jti: access.jti }),
      });
    }
    return c.json({ active: false });
  });

export const introspectionRoutes: Route[] = [
  rawRoute('POST', `${ISSUER_PATH}/oauth2/introspect`, (c, services) => introspect(services)(c)),
];
