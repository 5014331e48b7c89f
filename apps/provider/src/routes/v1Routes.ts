import type { Route } from '../http/route';
import { oidcRoutes } from '../idp/oidcRoutes';
import { oauthCallbackRoutes } from '../oauth/oauthCallbackRoutes';
import { oauthStartRoutes } from '../oauth/oauthStartRoutes';
import { v1SessionRoutes } from '../sessions/v1SessionRoutes';

/** Routes under /v1 (server-to-server API, public JWKS, the projects' OpenID Connect issuers); no SDK CORS here. */
export const V1_ROUTES: readonly Route[] = [
  ...v1SessionRoutes,
  ...oidcRoutes,
  ...oauthStartRoutes,
  ...oauthCallbackRoutes,
];
