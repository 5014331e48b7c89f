import type { Route } from '../http/route';
import { attestRoutes } from '../attestation/attestRoutes';
import { bootstrapRoutes } from '../projects/bootstrapRoutes';
import { cryptoWalletRoutes } from '../wallets/walletRoutes';
import { eventsRoutes } from '../events/eventsRoutes';
import { idpRoutes } from '../idp/idpRoutes';
import { magicLinkRoutes } from '../magicLinks/magicLinkRoutes';
import { oauthRoutes } from '../oauth/oauthRoutes';
import { otpRoutes } from '../otp/otpRoutes';
import { passwordRoutes } from '../passwords/passwordRoutes';
import { sessionRoutes } from '../sessions/sessionRoutes';
import { userRoutes } from '../users/userRoutes';
import { webauthnRoutes } from '../passkeys/passkeyRoutes';

/** Every /sdk/v1 endpoint group, one file each. A new group is one import and one entry here. */
export const SDK_ROUTES: readonly Route[] = [
  ...attestRoutes,
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
