import type { Route } from '../../http/route';
import { bootstrapRoutes } from './bootstrap';
import { cryptoWalletRoutes } from './cryptoWallets';
import { eventsRoutes } from './events';
import { idpRoutes } from './idp';
import { magicLinkRoutes } from './magicLinks';
import { oauthRoutes } from './oauth';
import { otpRoutes } from './otps';
import { passwordRoutes } from './passwords';
import { sessionRoutes } from './sessions';
import { userRoutes } from './users';
import { webauthnRoutes } from './webauthn';

/** Every /sdk/v1 endpoint group, one file each. A new group is one import and one entry here. */
export const SDK_ROUTES: readonly Route[] = [
  ...bootstrapRoutes,
  ...cryptoWalletRoutes,
  ...eventsRoutes,
  ...idpRoutes,
  ...magicLinkRoutes,
  ...oauthRoutes,
  ...otpRoutes,
  ...passwordRoutes,
  ...sessionRoutes,
  ...userRoutes,
  ...webauthnRoutes,
];
