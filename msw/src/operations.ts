import type { SdkOperation, SdkPathEndpoints } from '@latch/api';

export type ProviderOperation = SdkOperation | keyof SdkPathEndpoints;

/**
 * Every operation of the API contract. A `Record` so that an endpoint added to @latch/api without
 * a handler here fails to compile instead of silently falling through.
 */
const OPERATIONS: Record<ProviderOperation, true> = {
  'POST /magic_links/email/login_or_create': true,
  'POST /magic_links/authenticate': true,
  'POST /oauth/authenticate': true,
  'POST /otps/email/login_or_create': true,
  'POST /otps/sms/login_or_create': true,
  'POST /otps/whatsapp/login_or_create': true,
  'POST /otps/authenticate': true,
  'POST /users/search': true,
  'POST /passwords/strength_check': true,
  'POST /passwords': true,
  'POST /passwords/authenticate': true,
  'POST /passwords/email/reset/start': true,
  'POST /passwords/email/reset': true,
  'POST /webauthn/register/start': true,
  'POST /webauthn/register': true,
  'POST /webauthn/authenticate/start/primary': true,
  'POST /webauthn/authenticate/start/secondary': true,
  'POST /webauthn/authenticate': true,
  'GET /users/me': true,
  'POST /sessions/authenticate': true,
  'POST /sessions/revoke': true,
  'POST /sessions/attest': true,
  'POST /events': true,
  'POST /idp/oauth/authorize/start': true,
  'POST /idp/oauth/authorize/submit': true,
  'POST /oauth/logout/start': true,
  'POST /crypto_wallets/authenticate/start/primary': true,
  'POST /crypto_wallets/authenticate/start/secondary': true,
  'POST /crypto_wallets/authenticate': true,
  'GET /projects/bootstrap/{public_token}': true,
  'PUT /webauthn/update/{webauthn_registration_id}': true,
  'DELETE /users/webauthn_registrations/{webauthn_registration_id}': true,
};

export const PROVIDER_OPERATIONS = Object.keys(OPERATIONS) as ProviderOperation[];

/** `'POST /users/{id}'` → `['post', 'http://…/sdk/v1/users/:id']` for msw. */
export function operationRoute(
  operation: ProviderOperation,
  baseUrl: string,
): ['get' | 'post' | 'put' | 'delete', string] {
  const space = operation.indexOf(' ');
  const method = operation.slice(0, space).toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const path = operation.slice(space + 1).replace(/\{(\w+)\}/g, ':$1');
  return [method, `${baseUrl}/sdk/v1${path}`];
}
