import type { Context } from 'hono';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { verifyAccessToken } from './accessTokens';
import { authenticateClient } from './clientAuthentication';
import { revokeGrant } from './grants';
import { ISSUER_PATH, projectIssuer } from './issuer';
import { callerProjects } from './issuerProject';
import { answeringOAuthErrors, noStore } from '../http/oauthErrorResponse';
import { readOAuthBody, requireParam } from './oauthParams';
import { findRefreshTokenGrant } from './refreshTokens';

/**
 * RFC 7009 token revocation. Revoking either token of a grant revokes the grant: its refresh
 * tokens stop refreshing and its access tokens stop passing UserInfo and introspection (section
 * 2.1 allows, and recommends for refresh tokens, revoking the whole grant). A token that is
 * unknown, already dead or another client's is answered 200 all the same (section 2.2), so the
 * endpoint reveals nothing about tokens the caller does not hold.
 */
const revoke = (services: Services) =>
  answeringOAuthErrors(async (c: Context<AppEnv>) => {
    const params = await readOAuthBody(c);
    const client = authenticateClient(callerProjects(c, services), c.req.header('Authorization'), params);
    const token = requireParam(params, 'token');
    const { project, app } = client;
    const projectId = project.project_id;
    const now = new Date();
    const refresh = await findRefreshTokenGrant(services.db, { projectId, token, now });
    let grantId = refresh?.clientId === app.client_id ? refresh.grantId : null;
    if (refresh === null) {
      const issuer = projectIssuer(services.authOrigin, projectId);
      const access = await verifyAccessToken(services.db, { project, issuer, token, now });
      grantId = access?.clientId === app.client_id ? access.grant.grant_id : null;
    }
    if (grantId !== null) await revokeGrant(services.db, { projectId, grantId, now });
    noStore(c);
    return c.body(null);
  });

export const revocationRoutes: Route[] = [
  rawRoute('POST', `${ISSUER_PATH}/oauth2/revoke`, (c, services) => revoke(services)(c)),
];
