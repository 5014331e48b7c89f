import type { WebAuthnRegistration } from '@latch/api';
import type { Override } from '@latch/msw';
import { createTestAuthenticator } from './fakeWebAuthn';
import { passkeyUser } from './loginFixtures';
import type { ProviderServer } from '../providerServer';
import { renderWidget } from '../renderWidget';

/** Shared set-up for the registration mount's tests. */
export const passkey = (id: string, name: string): WebAuthnRegistration => ({
  webauthn_registration_id: id,
  domain: 'localhost',
  user_agent: 'test',
  authenticator_type: 'platform',
  verified: true,
  name,
});

export interface PasskeyAccount {
  session: { session_token: string; session_jwt: string };
  /** The user's passkeys' registration ids, in `names` order. */
  ids: string[];
  email: string;
}

/**
 * A signed-in user with one passkey per name, each on its own authenticator and renamed to its
 * name; an empty name keeps the provider's default (the tests that need a nameless one use
 * `namelessPasskeys`).
 */
export async function passkeyAccount(provider: ProviderServer, names: string[]): Promise<PasskeyAccount> {
  const first = await passkeyUser(provider, createTestAuthenticator());
  const ids = [first.registrationId];
  for (let i = 1; i < names.length; i++) ids.push(await addPasskey(provider, first.sessionToken));
  for (const [i, name] of names.entries()) {
    const id = ids[i];
    if (name && id) await provider.call('PUT', `/webauthn/update/${id}`, { name }, first.sessionToken);
  }
  const session = await provider.sessionOf(first.sessionToken);
  return {
    session: { session_token: first.sessionToken, session_jwt: session.session_jwt },
    ids,
    email: first.email,
  };
}

async function addPasskey(provider: ProviderServer, sessionToken: string): Promise<string> {
  const added = await passkeyUser(provider, createTestAuthenticator(), sessionToken);
  return added.registrationId;
}

/**
 * `GET /users/me` with these passkeys unnamed: the API allows a nameless registration, this
 * provider always names one, and the list labels a nameless one itself.
 */
export const namelessPasskeys =
  (ids: string[]): Override =>
  async ({ passThrough }) => {
    const answer = (await (await passThrough()).json()) as {
      data: { webauthn_registrations: { webauthn_registration_id: string; name: string }[] };
    };
    for (const r of answer.data.webauthn_registrations)
      if (ids.includes(r.webauthn_registration_id)) r.name = '';
    return Response.json(answer);
  };

export function renderRegistration(session: PasskeyAccount['session'] | null) {
  return renderWidget({ config: { products: [] }, mount: { kind: 'passkey-registration', session } });
}
