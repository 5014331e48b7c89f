import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMountStateAtom, mountStateAtom } from '../../state/widgetAtoms';
import { authenticateResponse, errorReply, type StubRoute } from '../../test/stubProvider';
import { domError, installFakeWebAuthn, type FakeWebAuthn } from './fakeWebAuthn';
import { warmUp } from './loginFixtures';
import { passkey, registrationProvider, renderRegistration } from './registrationFixtures';
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

describe('passkey registration mount', () => {
  it('refuses without a session once the host has answered, without calling the provider', async () => {
    const provider = registrationProvider([]);
    const { store, host } = renderRegistration(provider, null);
    await screen.findByRole('heading', { name: 'Set up a new Passkey' });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => store.set(applyMountStateAtom, { ...store.get(mountStateAtom) }));
    const error = await screen.findByText(NO_USER);
    expect(error.getAttribute('role')).toBe('alert');
    expect(host.reportError).toHaveBeenCalledWith({ message: NO_USER });
    expect(provider.calls).toEqual([]);
  });

  it('refuses without a session when the host never sends one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRegistration(registrationProvider([]), null);
    await screen.findByRole('heading', { name: 'Set up a new Passkey' });
    expect(screen.queryByText(NO_USER)).toBeNull();
    await act(async () => vi.advanceTimersByTime(SESSION_WAIT_MS));
    expect(await screen.findByText(NO_USER)).toBeTruthy();
  });

  it('refuses when the current user cannot be read', async () => {
    const provider = registrationProvider([], {
      'GET /users/me': () => errorReply('session_not_found', 404),
    });
    const { host } = renderRegistration(provider);
    expect(await screen.findByText(NO_USER)).toBeTruthy();
    expect(host.reportError).toHaveBeenCalledWith({
      message: NO_USER,
      error_type: 'session_not_found',
      status_code: 404,
    });
  });

  it('creates a passkey, hands the new session to the host and lists the passkeys', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    const provider = registrationProvider([passkey('pk-1', 'MacBook')]);
    const { host } = renderRegistration(provider);
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();

    expect(provider.calls.map((c) => c.route)).toEqual([
      'GET /users/me',
      'POST /webauthn/register/start',
      'POST /webauthn/register',
    ]);
    expect(provider.calls[1]?.body).toEqual({
      domain: location.hostname,
      return_passkey_credential_options: true,
      user_agent: navigator.userAgent,
    });
    expect(provider.calls[2]?.body).toEqual({
      public_key_credential: expect.any(String),
      session_duration_minutes: 30,
    });
    expect(
      JSON.parse((provider.calls[2]?.body as { public_key_credential: string }).public_key_credential),
    ).toMatchObject({
      id: 'Y3JlZC0y',
      response: { transports: ['internal'] },
    });
    expect(fake.create).toHaveBeenCalledTimes(1);

    const { session_token, session_jwt, session } = authenticateResponse();
    expect(host.setSession).toHaveBeenCalledWith(
      expect.objectContaining({ session_token, session_jwt, session }),
    );
    expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual(['PASSKEY_REGISTER']);

    const list = screen.getByRole('list');
    expect(list.closest('section')?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Existing Passkeys' })).toBeTruthy();
    expect([...list.querySelectorAll('li')].map((li) => li.querySelector('span')?.textContent)).toEqual([
      'MacBook',
      'Chrome on Linux',
    ]);
  });

  it('says so when the passkey is already registered (browser or provider) or was not created', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    let register: StubRoute = () => errorReply('duplicate_webauthn_registration', 409);
    const provider = registrationProvider([], { 'POST /webauthn/register': (body) => register(body) });
    const { host } = renderRegistration(provider);
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

    register = () => errorReply('invalid_public_key_credential');
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(fake?.create).toHaveBeenCalledTimes(4));
    expect((await screen.findAllByText(NOT_CREATED)).length).toBeGreaterThan(0);
    expect(host.setSession).not.toHaveBeenCalled();
  });

  it('skips to the list of existing passkeys', async () => {
    const provider = registrationProvider([passkey('pk-1', 'MacBook'), passkey('pk-2', '')]);
    const { host } = renderRegistration(provider);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename MacBook' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Passkey 2' })).toBeTruthy();
    expect(host.emitEvent).toHaveBeenCalledWith({ type: 'PASSKEY_SKIP', data: {} });
  });
});
