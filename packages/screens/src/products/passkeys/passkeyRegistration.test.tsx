import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMountStateAtom, mountStateAtom } from '../../state/widgetAtoms';
import { errorResponse } from '@latch/msw';
import { providerServer } from '../../test/providerServer';
import { domError, installFakeWebAuthn, type FakeWebAuthn } from '../../test/passkeys/fakeWebAuthn';
import { passkeyUser, warmUp } from '../../test/passkeys/loginFixtures';
import {
  namelessPasskeys,
  passkeyAccount,
  renderRegistration,
} from '../../test/passkeys/registrationFixtures';
import { SESSION_WAIT_MS } from './useRegistrationUser';

const NO_USER = 'Error: Cannot use PasskeyRegistration component without active user authenticated.';
const DUPLICATE =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
const NOT_CREATED =
  'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.';

let fake: FakeWebAuthn | null = null;
afterEach(() => {
  fake?.restore();
  fake = null;
  vi.useRealTimers();
});

beforeAll(warmUp);
const provider = providerServer();

describe('passkey registration mount', () => {
  it('refuses without a session once the host has answered, without calling the provider', async () => {
    const { store, host } = renderRegistration(null);
    await screen.findByRole('heading', { name: 'Set up a new Passkey' });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => store.set(applyMountStateAtom, { ...store.get(mountStateAtom) }));
    const error = await screen.findByText(NO_USER);
    expect(error.getAttribute('role')).toBe('alert');
    expect(host.reportError).toHaveBeenCalledWith({ message: NO_USER });
    expect(await provider.sent()).toEqual([]);
  });

  it('refuses without a session when the host never sends one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRegistration(null);
    await screen.findByRole('heading', { name: 'Set up a new Passkey' });
    expect(screen.queryByText(NO_USER)).toBeNull();
    await act(async () => vi.advanceTimersByTime(SESSION_WAIT_MS));
    expect(await screen.findByText(NO_USER)).toBeTruthy();
  });

  it('refuses when the current user cannot be read', async () => {
    // A session the provider does not know.
    const { host } = renderRegistration({ session_token: 'not-a-session', session_jwt: 'not-a-jwt' });
    expect(await screen.findByText(NO_USER)).toBeTruthy();
    expect(host.reportError).toHaveBeenCalledWith({
      message: NO_USER,
      error_type: 'user_unauthenticated',
      status_code: 401,
    });
  });

  it('creates a passkey, hands the new session to the host and lists the passkeys', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    const { session } = await passkeyAccount(provider, ['MacBook']);
    const { host } = renderRegistration(session);
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();

    const sent = await provider.sent();
    expect(sent.map((c) => c.route)).toEqual([
      'GET /users/me',
      'POST /webauthn/register/start',
      'POST /webauthn/register',
    ]);
    expect(sent[1]?.body).toEqual({
      domain: location.hostname,
      return_passkey_credential_options: true,
      user_agent: navigator.userAgent,
    });
    expect(sent[2]?.body).toEqual({
      public_key_credential: expect.any(String),
      session_duration_minutes: 30,
    });
    expect(
      JSON.parse((sent[2]?.body as { public_key_credential: string }).public_key_credential),
    ).toMatchObject({
      id: fake.authenticator.credentialId,
      response: { transports: ['internal', 'hybrid'] },
    });
    expect(fake.create).toHaveBeenCalledTimes(1);
    const handed = host.setSession.mock.calls[0]?.[0];
    const live = await provider.sessionOf(handed?.session_token ?? '');
    expect(handed).toMatchObject({
      session_jwt: expect.any(String),
      session: { session_id: live.session.session_id },
    });
    expect(live.user.webauthn_registrations.map((r) => r.name)).toEqual(['MacBook', 'Passkey']);
    expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual(['PASSKEY_REGISTER']);

    const list = screen.getByRole('list');
    expect(list.closest('section')?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Existing Passkeys' })).toBeTruthy();
    expect([...list.querySelectorAll('li')].map((li) => li.querySelector('span')?.textContent)).toEqual([
      'MacBook',
      'Passkey',
    ]);
  });

  it('says so when the passkey is already registered (browser or provider) or was not created', async () => {
    // The authenticator's passkey is already the user's: the provider refuses it again.
    fake = installFakeWebAuthn({ autofill: false });
    const { sessionToken } = await passkeyUser(provider, fake.authenticator);
    const { session_jwt } = await provider.sessionOf(sessionToken);
    const { host } = renderRegistration({ session_token: sessionToken, session_jwt });
    const create = await screen.findByRole('button', { name: 'Create a Passkey' });

    fireEvent.click(create);
    expect((await screen.findAllByText(DUPLICATE)).length).toBeGreaterThan(0);
    expect(create.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(create.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      DUPLICATE,
    );
    expect(host.reportError).toHaveBeenCalledWith({
      message: DUPLICATE,
      error_type: 'duplicate_webauthn_registration',
      status_code: 409,
    });

    fake.create.mockRejectedValueOnce(domError('InvalidStateError'));
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(fake?.create).toHaveBeenCalledTimes(2));
    expect((await screen.findAllByText(DUPLICATE)).length).toBeGreaterThan(0);

    fake.create.mockRejectedValueOnce(domError('NotAllowedError'));
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    expect((await screen.findAllByText(NOT_CREATED)).length).toBeGreaterThan(0);

    provider.override('POST /webauthn/register', errorResponse('invalid_public_key_credential', 400));
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(fake?.create).toHaveBeenCalledTimes(4));
    expect((await screen.findAllByText(NOT_CREATED)).length).toBeGreaterThan(0);
    expect(host.setSession).not.toHaveBeenCalled();
  });

  it('skips to the list of existing passkeys', async () => {
    const { session, ids } = await passkeyAccount(provider, ['MacBook', '']);
    provider.override('GET /users/me', namelessPasskeys(ids.slice(1)));
    const { host } = renderRegistration(session);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    // No passkey was created: the list's title does not say one was.
    expect(await screen.findByRole('heading', { name: 'Passkey setup skipped' })).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename MacBook' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Passkey 2' })).toBeTruthy();
    expect(host.emitEvent).toHaveBeenCalledWith({ type: 'PASSKEY_SKIP', data: {} });
  });

  it('after Skip, a passkey created with Set up another Passkey is called created', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    const { session } = await passkeyAccount(provider, ['MacBook']);
    renderRegistration(session);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await screen.findByRole('heading', { name: 'Passkey setup skipped' });
    fireEvent.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();
  });
});
