import type * as v from 'valibot';
import {
  backendMagicLinkAuthenticateBody,
  backendMagicLinkSendBody,
  magicLinkLoginOrCreateBody,
} from './magicLinks';
import { backendOAuthAuthenticateBody } from './oauth';
import { backendOtpAuthenticateBody, otpEmailLoginOrCreateBody, otpPhoneLoginOrCreateBody } from './otp';
import {
  backendExistingPasswordResetBody,
  backendPasswordAuthenticateBody,
  backendPasswordCreateBody,
  backendPasswordResetBody,
  passwordResetStartBody,
  backendPasswordMigrateBody,
  backendSessionPasswordResetBody,
  passwordStrengthCheckBody,
} from './passwords';
import { backendSessionAuthenticateBody, backendSessionRevokeBody } from './sessions';
import { backendUserCreateBody, backendUserSearchBody, backendUserUpdateBody } from './users';

/**
 * The body schema of every backend API operation (paths under /v1, authenticated with the project
 * secret), `null` where the request has no body. The provider's backend routes look their schema
 * up here by operation, as the SDK routes do in `sdkBodySchemas`.
 */
export const backendBodySchemas = {
  'POST /v1/sessions/authenticate': backendSessionAuthenticateBody,
  'POST /v1/sessions/revoke': backendSessionRevokeBody,
  'GET /v1/sessions': null,
  'POST /v1/users': backendUserCreateBody,
  'GET /v1/users/{user_id}': null,
  'POST /v1/users/search': backendUserSearchBody,
  'PUT /v1/users/{user_id}': backendUserUpdateBody,
  'DELETE /v1/users/{user_id}': null,
  'DELETE /v1/users/emails/{email_id}': null,
  'DELETE /v1/users/phone_numbers/{phone_id}': null,
  'DELETE /v1/users/webauthn_registrations/{webauthn_registration_id}': null,
  'DELETE /v1/users/crypto_wallets/{crypto_wallet_id}': null,
  'DELETE /v1/users/oauth/{oauth_user_registration_id}': null,
  'POST /v1/magic_links/authenticate': backendMagicLinkAuthenticateBody,
  'POST /v1/magic_links/email/login_or_create': magicLinkLoginOrCreateBody,
  'POST /v1/magic_links/email/send': backendMagicLinkSendBody,
  'POST /v1/otps/authenticate': backendOtpAuthenticateBody,
  'POST /v1/otps/email/login_or_create': otpEmailLoginOrCreateBody,
  'POST /v1/otps/email/send': otpEmailLoginOrCreateBody,
  'POST /v1/otps/sms/login_or_create': otpPhoneLoginOrCreateBody,
  'POST /v1/otps/sms/send': otpPhoneLoginOrCreateBody,
  'POST /v1/oauth/authenticate': backendOAuthAuthenticateBody,
  'POST /v1/passwords/authenticate': backendPasswordAuthenticateBody,
  'POST /v1/passwords/strength_check': passwordStrengthCheckBody,
  'POST /v1/passwords/existing_password/reset': backendExistingPasswordResetBody,
  'POST /v1/passwords/session/reset': backendSessionPasswordResetBody,
  'POST /v1/passwords/migrate': backendPasswordMigrateBody,
  'POST /v1/passwords': backendPasswordCreateBody,
  'POST /v1/passwords/email/reset/start': passwordResetStartBody,
  'POST /v1/passwords/email/reset': backendPasswordResetBody,
  'DELETE /v1/users/passwords/{password_id}': null,
  'POST /v1/webhooks/test': null,
} as const satisfies Record<string, v.GenericSchema | null>;

export type BackendBodySchemas = typeof backendBodySchemas;
export type BackendOperation = keyof BackendBodySchemas;
