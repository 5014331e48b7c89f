import type { LoginConfig } from '@latch/protocol';
import { authenticateResponse, ok, stubProvider } from '../../test/stubProvider';
import { REQUEST_OPTIONS } from './fakeWebAuthn';

/** Shared set-up for the passkey sign-in tests. */
export const emlAndPasskeys: LoginConfig = { products: ['emailMagicLinks', 'passkeys'] };
export const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
export const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';

export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

export function passkeyProvider(
  authenticate = () => ok(authenticateResponse({ webauthn_registration_id: 'pk-1' })),
) {
  return stubProvider({
    'POST /webauthn/authenticate/start/primary': () =>
      ok({ public_key_credential_request_options: REQUEST_OPTIONS }),
    'POST /webauthn/authenticate': authenticate,
    'POST /magic_links/email/login_or_create': () => ok({}),
  });
}

export const startCalls = (p: ReturnType<typeof stubProvider>) =>
  p.calls.filter((c) => c.route === 'POST /webauthn/authenticate/start/primary');

/** Loads the lazily imported modules up front, so a slow first transform does not eat a test's wait. */
export async function warmUp() {
  await Promise.all([
    import('./ceremony'),
    import('./screens'),
    import('./PasskeyButton'),
    import('./registrationScreens'),
    import('../../main/loginForm/LoginForm'),
    import('../emailMagicLinks/screens'),
  ]);
}
