import { cors } from 'hono/cors';
import { ISSUER_PATH } from './issuer';

/**
 * Paths a browser app (an SPA relying party) fetches directly: discovery, the token endpoint (a
 * public client redeems its code with PKCE), UserInfo and revocation. None reads cookies, so any
 * origin may call them without credentials. The authorization endpoint is a navigation, not a fetch.
 */
export const OIDC_CORS_PATHS = [
  `${ISSUER_PATH}/.well-known/*`,
  `/.well-known/oauth-authorization-server${ISSUER_PATH}`,
  `${ISSUER_PATH}/oauth2/token`,
  `${ISSUER_PATH}/oauth2/userinfo`,
  `${ISSUER_PATH}/oauth2/revoke`,
];

export const oidcCors = () =>
  cors({
    origin: '*',
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type'],
    // An SPA must read the Bearer challenge of a refused UserInfo call.
    exposeHeaders: ['WWW-Authenticate'],
    maxAge: 600,
  });
