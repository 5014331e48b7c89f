import type { Route } from '../http/route';
import { oauth2TokenRoutes } from '../idp/oauth2TokenRoutes';
import { oauthStartRoutes } from '../oauth/oauthStartRoutes';
import { v1SessionRoutes } from '../sessions/v1SessionRoutes';

/** Routes under /v1 (server-to-server API and public JWKS); no SDK CORS here. */
export const V1_ROUTES: readonly Route[] = [...v1SessionRoutes, ...oauth2TokenRoutes, ...oauthStartRoutes];
