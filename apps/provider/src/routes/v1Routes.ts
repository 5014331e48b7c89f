import type { Route } from '../http/route';
import { oidcRoutes } from '../idp/oidcRoutes';
import { magicLinkBackendRoutes } from '../magicLinks/magicLinkBackendRoutes';
import { oauthBackendRoutes } from '../oauth/oauthBackendRoutes';
import { oauthCallbackRoutes } from '../oauth/oauthCallbackRoutes';
import { oauthStartRoutes } from '../oauth/oauthStartRoutes';
import { oneTapRoutes } from '../oauth/oneTapRoutes';
import { otpBackendRoutes } from '../otp/otpBackendRoutes';
import { passwordBackendRoutes } from '../passwords/passwordBackendRoutes';
import { v1SessionRoutes } from '../sessions/v1SessionRoutes';
import { userBackendRoutes } from '../users/userBackendRoutes';
import { webhookBackendRoutes } from '../webhooks/webhookBackendRoutes';

/**
 * Routes under /v1: the backend API (project secret, flat answers, no SDK CORS; one
 * `<method>BackendRoutes.ts` per sign-in method), the public JWKS, the OAuth start and callback, Google One Tap, and the
 * projects' OpenID Connect issuers.
 */
export const V1_ROUTES: readonly Route[] = [
  ...v1SessionRoutes,
  ...userBackendRoutes,
  ...magicLinkBackendRoutes,
  ...otpBackendRoutes,
  ...oauthBackendRoutes,
  ...passwordBackendRoutes,
  ...webhookBackendRoutes,
  ...oidcRoutes,
  ...oauthStartRoutes,
  ...oauthCallbackRoutes,
  ...oneTapRoutes,
];
