import type * as v from 'valibot';
import type { SdkOperation, SdkPathOperation } from '../endpoints';
import { eventsBody } from './events';
import { idpAuthorizeStartBody, idpAuthorizeSubmitBody, idpLogoutStartBody } from './idp';
import { magicLinkAuthenticateBody, magicLinkLoginOrCreateBody } from './magicLinks';
import { oauthAuthenticateBody } from './oauth';
import { otpAuthenticateBody, otpEmailLoginOrCreateBody, otpPhoneLoginOrCreateBody } from './otp';
import {
  webauthnAuthenticateStartBody,
  webauthnFinishBody,
  webauthnRegisterStartBody,
  webauthnUpdateBody,
} from './passkeys';
import {
  passwordCredentialsBody,
  passwordResetBody,
  passwordResetStartBody,
  passwordStrengthCheckBody,
  usersSearchBody,
} from './passwords';
import { sessionAttestBody, sessionAuthenticateBody, sessionRevokeBody } from './sessions';
import { cryptoWalletAuthenticateBody, cryptoWalletStartBody } from './wallets';

/**
 * The body schema of every SDK operation, `null` where the request has no body. The client's body
 * types are inferred from it, and the provider's routes look their schema up here by operation,
 * so an operation and its schema cannot be paired wrongly.
 */
export const sdkBodySchemas = {
  'POST /magic_links/email/login_or_create': magicLinkLoginOrCreateBody,
  'POST /magic_links/authenticate': magicLinkAuthenticateBody,
  'POST /oauth/authenticate': oauthAuthenticateBody,
  'POST /otps/email/login_or_create': otpEmailLoginOrCreateBody,
  'POST /otps/sms/login_or_create': otpPhoneLoginOrCreateBody,
  'POST /otps/whatsapp/login_or_create': otpPhoneLoginOrCreateBody,
  'POST /otps/authenticate': otpAuthenticateBody,
  'POST /users/search': usersSearchBody,
  'POST /passwords/strength_check': passwordStrengthCheckBody,
  'POST /passwords': passwordCredentialsBody,
  'POST /passwords/authenticate': passwordCredentialsBody,
  'POST /passwords/email/reset/start': passwordResetStartBody,
  'POST /passwords/email/reset': passwordResetBody,
  'POST /webauthn/register/start': webauthnRegisterStartBody,
  'POST /webauthn/register': webauthnFinishBody,
  'POST /webauthn/authenticate/start/primary': webauthnAuthenticateStartBody,
  'POST /webauthn/authenticate/start/secondary': webauthnAuthenticateStartBody,
  'POST /webauthn/authenticate': webauthnFinishBody,
  'POST /crypto_wallets/authenticate/start/primary': cryptoWalletStartBody,
  'POST /crypto_wallets/authenticate/start/secondary': cryptoWalletStartBody,
  'POST /crypto_wallets/authenticate': cryptoWalletAuthenticateBody,
  'GET /users/me': null,
  'POST /sessions/authenticate': sessionAuthenticateBody,
  'POST /sessions/revoke': sessionRevokeBody,
  'POST /sessions/attest': sessionAttestBody,
  'POST /events': eventsBody,
  'POST /idp/oauth/authorize/start': idpAuthorizeStartBody,
  'POST /idp/oauth/authorize/submit': idpAuthorizeSubmitBody,
  'POST /oauth/logout/start': idpLogoutStartBody,
} as const satisfies Record<SdkOperation, v.GenericSchema | null>;

/** The same for the operations whose path carries an id. */
export const sdkPathBodySchemas = {
  'GET /projects/bootstrap/{public_token}': null,
  'PUT /webauthn/update/{webauthn_registration_id}': webauthnUpdateBody,
  'DELETE /users/webauthn_registrations/{webauthn_registration_id}': null,
} as const satisfies Record<SdkPathOperation, v.GenericSchema | null>;

export type SdkBodySchemas = typeof sdkBodySchemas;
export type SdkPathBodySchemas = typeof sdkPathBodySchemas;
