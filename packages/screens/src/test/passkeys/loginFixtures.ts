import type { LoginConfig } from '@latch/protocol';
import type { FakeWebAuthn } from './fakeWebAuthn';
import { uniqueEmail, type ProviderServer } from '../providerServer';
import { TEST_BASE_URL } from '../testNetwork';

/** Shared set-up for the passkey sign-in tests. */
export const emlAndPasskeys: LoginConfig = { products: ['emailMagicLinks', 'passkeys'] };
export const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
export const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';

export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * A new user with a passkey on `authenticator`, registered through the API as the widget would;
 * with `sessionToken`, the passkey is added to that session's user instead.
 */
export async function passkeyUser(
  provider: ProviderServer,
  authenticator: FakeWebAuthn['authenticator'],
  sessionToken?: string,
) {
  const email = uniqueEmail();
  const signedIn = sessionToken
    ? { session_token: sessionToken }
    : await provider.signUpWithPassword(email, 'correct-Horse-battery-staple-91');
  const { session_token } = signedIn;
  const start = await provider.call(
    'POST',
    '/webauthn/register/start',
    { domain: location.hostname, return_passkey_credential_options: true, user_agent: navigator.userAgent },
    session_token,
  );
  const options = JSON.parse(String(start['public_key_credential_creation_options'])) as {
    challenge: string;
    rp: { id: string };
  };
  const registered = await provider.call(
    'POST',
    '/webauthn/register',
    {
      public_key_credential: authenticator.register({
        challenge: options.challenge,
        rpId: options.rp.id,
        origin: TEST_BASE_URL,
        crossOrigin: true,
        topOrigin: location.origin,
      }),
      session_duration_minutes: 30,
    },
    session_token,
  );
  return {
    email,
    sessionToken: String(registered['session_token']),
    registrationId: String(registered['webauthn_registration_id']),
  };
}

export const startCalls = async (provider: ProviderServer) =>
  (await provider.sent()).filter((c) => c.route === 'POST /webauthn/authenticate/start/primary');

/** Loads the lazily imported modules up front, so a slow first transform does not eat a test's wait. */
export async function warmUp() {
  await Promise.all([
    import('../../products/passkeys/ceremony'),
    import('../../products/passkeys/screens'),
    import('../../products/passkeys/PasskeyButton'),
    import('../../products/passkeys/registrationScreens'),
    import('../../main/loginForm/LoginForm'),
    import('../../products/emailMagicLinks/screens'),
  ]);
}
