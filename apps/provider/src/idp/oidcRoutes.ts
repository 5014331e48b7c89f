import type { Route } from '../http/route';
import { authorizeRoutes } from './authorizeEndpoint';
import { discoveryRoutes } from './discoveryRoutes';
import { endSessionRoutes } from './endSessionEndpoint';
import { formPostRoutes } from './formPostRoutes';
import { introspectionRoutes } from './introspectionRoutes';
import { oauth2TokenRoutes } from './oauth2TokenRoutes';
import { revocationRoutes } from './revocationRoutes';
import { userInfoRoutes } from './userInfoRoutes';

/** The OpenID Connect provider of each project, under its issuer `/v1/public/{project_id}`. */
export const oidcRoutes: Route[] = [
  ...discoveryRoutes,
  ...authorizeRoutes,
  ...formPostRoutes,
  ...endSessionRoutes,
  ...oauth2TokenRoutes,
  ...userInfoRoutes,
  ...revocationRoutes,
  ...introspectionRoutes,
];
