import type { Context } from 'hono';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { findUser } from '../users';
import { verifyAccessToken } from './accessTokens';
import { bearerChallenge, bearerToken } from './bearerToken';
import { ISSUER_PATH, projectIssuer } from './issuer';
import { issuerProject } from './issuerProject';
import { OAuthError } from '../errors/OAuthError';
import { answeringOAuthErrors, noStore } from '../http/oauthErrorResponse';
import { userClaims } from './userClaims';

const invalidToken = (): OAuthError => {
  const description = 'The access token is invalid, expired or revoked.';
  return new OAuthError('invalid_token', description, {
    challenge: bearerChallenge('invalid_token', description),
  });
};

/**
 * The UserInfo endpoint (OpenID Connect Core section 5.3): `sub` and the claims the access token's
 * scopes release, as plain JSON. Errors follow RFC 6750: 401 with a Bearer challenge, 403
 * `insufficient_scope` for a token without `openid`.
 */
const userInfo = (services: Services) =>
  answeringOAuthErrors(async (c: Context<AppEnv>) => {
    noStore(c);
    const token = await bearerToken(c);
    if (token === null) {
      throw new OAuthError('invalid_token', 'The request has no access token.', {
        challenge: bearerChallenge(),
      });
    }
    const project = issuerProject(c, services);
    if (!project) throw invalidToken();
    const issuer = projectIssuer(services.authOrigin, project.project_id);
    const verified = await verifyAccessToken(services.db, { project, issuer, token, now: new Date() });
    if (!verified) throw invalidToken();
    if (!verified.scopes.includes('openid')) {
      const description = 'The access token was not granted the openid scope.';
      throw new OAuthError('insufficient_scope', description, {
        challenge: bearerChallenge('insufficient_scope', description),
      });
    }
    const user = await findUser(services.db, verified.grant.user_id);
    if (!user) throw invalidToken();
    return c.json({ ...userClaims(user, verified.scopes), sub: user.user_id });
  });

export const userInfoRoutes: Route[] = [
  rawRoute('GET', `${ISSUER_PATH}/oauth2/userinfo`, (c, services) => userInfo(services)(c)),
  rawRoute('POST', `${ISSUER_PATH}/oauth2/userinfo`, (c, services) => userInfo(services)(c)),
];
