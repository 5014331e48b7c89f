import type { WebAuthnRegistration } from '@latch/api';
import { renderWidget } from '../../test/renderWidget';
import { authenticateResponse, ok, stubProvider, type StubRoute } from '../../test/stubProvider';
import { CREATION_OPTIONS } from './fakeWebAuthn';

/** Shared set-up for the registration mount's tests. */
export const passkey = (id: string, name: string): WebAuthnRegistration => ({
  webauthn_registration_id: id,
  domain: 'localhost',
  user_agent: 'test',
  authenticator_type: 'platform',
  verified: true,
  name,
});

export const SESSION = { session_token: 'session-token-test', session_jwt: 'session-jwt-test' };

export function registrationProvider(
  existing: WebAuthnRegistration[],
  extra: Record<string, StubRoute> = {},
) {
  const user = { ...authenticateResponse().user, webauthn_registrations: existing };
  return stubProvider({
    'GET /users/me': () => ok(user),
    'POST /webauthn/register/start': () =>
      ok({ user_id: 'user-test-1', public_key_credential_creation_options: CREATION_OPTIONS }),
    'POST /webauthn/register': () =>
      ok({
        ...authenticateResponse(),
        user: { ...user, webauthn_registrations: [...existing, passkey('pk-new', 'Chrome on Linux')] },
        webauthn_registration_id: 'pk-new',
      }),
    ...extra,
  });
}

export function renderRegistration(
  provider: ReturnType<typeof stubProvider>,
  session: typeof SESSION | null = SESSION,
) {
  return renderWidget({
    fetch: provider.fetch,
    config: { products: [] },
    mount: { kind: 'passkey-registration', session },
  });
}
