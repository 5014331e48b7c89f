import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '@latch/loader';
import { authResponse, stubFetch } from '@latch/session/testing';
import { LatchProvider } from './LatchProvider';
import { useLatchClient, useLatchSession } from './hooks';

// The loader's real session machinery; only the provider's answers are stubbed, as in the session
// manager's own tests.
const AUTH_ORIGIN = 'http://localhost:4000';
let tokens = 0;
const freshToken = () => `public-token-test-hooks-${++tokens}-${Date.now()}`;

function Status() {
  const { user, session, isInitialized } = useLatchSession();
  return (
    <p>{!isInitialized ? 'starting' : user ? `${user.user_id} in ${session?.session_id}` : 'signed out'}</p>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'stytch_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.cookie = 'stytch_session_jwt=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
});

describe('useLatchSession', () => {
  it('follows a sign-in in another tab and the sign-out', async () => {
    const publicToken = freshToken();
    const signedIn = authResponse('token-1');
    const fetch = stubFetch({ data: signedIn }, { data: {} });
    vi.stubGlobal('fetch', fetch);
    const client = createClient(publicToken, { authOrigin: AUTH_ORIGIN });
    render(
      <LatchProvider client={client}>
        <Status />
      </LatchProvider>,
    );
    expect(screen.getByText('signed out')).toBeTruthy();

    // Another tab signs in: it writes the cookies and the localStorage mirror, then this tab hears
    // the `storage` event.
    const key = `stytch_sdk_state_${publicToken}`;
    const state = JSON.stringify({ user: signedIn.user, session: signedIn.session });
    document.cookie = 'stytch_session=token-1; path=/';
    document.cookie = 'stytch_session_jwt=jwt-token-1; path=/';
    localStorage.setItem(key, state);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: state }));
    });
    expect(await screen.findByText('user-1 in session-1')).toBeTruthy();

    await act(() => client.session.revoke());
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(`${AUTH_ORIGIN}/sdk/v1/sessions/revoke`);
  });

  it('needs a provider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Status />)).toThrow('Latch: useLatchSession() must be used inside <LatchProvider>.');
    function Client() {
      useLatchClient();
      return null;
    }
    expect(() => render(<Client />)).toThrow('Latch: useLatchClient() must be used inside <LatchProvider>.');
    error.mockRestore();
  });
});
