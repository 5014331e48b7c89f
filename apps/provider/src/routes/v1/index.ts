import type { Route } from '../../http/route';
import { oauth2TokenRoutes } from './oauth2Token';
import { oauthStartRoutes } from './oauthStart';
import { v1SessionRoutes } from './sessions';

/** Routes under /v1 (server-to-server API and public JWKS); no SDK CORS here. */
export const V1_ROUTES: readonly Route[] = [...v1SessionRoutes, ...oauth2TokenRoutes, ...oauthStartRoutes];
