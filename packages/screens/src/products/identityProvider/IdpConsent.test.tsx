import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorReply, ok, stubProvider } from '../../test/stubProvider';
import { warmUpScreens } from '../../test/warmUp';
import {
  AUTHORIZE_SEARCH,
  CALLBACK,
  IDP_SESSION,
  LOGOUT_SEARCH,
  renderIdp,
  scope,
  startReply,
} from './idpFixtures';

beforeAll(warmUpScreens, 30_000);

const submitted = (granted: boolean) =>
  ok({
    redirect_uri: granted ? `${CALLBACK}?code=c0de&state=s1` : `${CALLBACK}?error=access_denied&state=s1`,
  });

describe('identity provider: authorize', () => {
  it('shows the consent screen, then Allow submits and sends the host to the redirect URI', async () => {
    const provider = stubProvider({
      'POST /idp/oauth/authorize/start': () => startReply(),
      'POST /idp/oauth/authorize/submit': () => submitted(true),
    });
    const { host } = renderIdp(
      { hostSearch: AUTHORIZE_SEARCH, session: IDP_SESSION },
      { fetch: provider.fetch },
    );
    await screen.findByRole('heading', { name: 'Notes wants to access your Acme account' });
    expect(screen.getByText('Allow Notes to:')).toBeTruthy();
    const granted = [...document.querySelectorAll('.latch-idp-scopes li')].map((li) => li.textContent);
    expect(granted).toEqual([
      'Verify your identity and view your account information',
      'View your email address',
      'Read your notes',
    ]);
    expect(
      screen.getByText('You do not have permissions to grant Notes access to some of the requested scopes.'),
    ).toBeTruthy();
    expect(screen.getByText("You cannot grant Notes's request to:")).toBeTruthy();
    expect(document.querySelector('.latch-idp-ungrantable li')?.textContent).toBe('Use the delete:all scope');
    expect(provider.calls[0]?.body).toEqual({
      client_id: 'notes',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email', 'read:notes', 'delete:all'],
      state: 's1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: `${CALLBACK}?code=c0de&state=s1`,
        reason: 'flow_redirect',
      }),
    );
    expect(provider.calls[1]?.body).toMatchObject({ client_id: 'notes', consent_granted: true });
    expect(host.emitEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'OAUTH_AUTHORIZE_FLOW_COMPLETE' }),
    );
  });

  it('Deny redirects with access_denied and emits consent-denied', async () => {
    const provider = stubProvider({
      'POST /idp/oauth/authorize/start': () => startReply(),
      'POST /idp/oauth/authorize/submit': () => submitted(false),
    });
    const { host } = renderIdp(
      { hostSearch: AUTHORIZE_SEARCH, session: IDP_SESSION },
      { fetch: provider.fetch },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await screen.findByText('Access to the application was denied.');
    expect(provider.calls[1]?.body).toMatchObject({ consent_granted: false });
    expect(host.emitEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED' }),
    );
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: `${CALLBACK}?error=access_denied&state=s1`,
        reason: 'flow_redirect',
      }),
    );
  });

  it('uses the sign-in title for standard scopes, and the host name when the client has no name', async () => {
    const provider = stubProvider({
      'POST /idp/oauth/authorize/start': () =>
        startReply({
          client: { client_id: 'notes', client_name: '', client_type: 'third_party', client_description: '' },
          scope_results: [scope('openid'), scope('full_access')],
        }),
    });
    renderIdp({ hostSearch: AUTHORIZE_SEARCH, session: IDP_SESSION }, { fetch: provider.fetch });
    await screen.findByRole('heading', { name: 'Sign in to notes.example with Acme' });
    expect(screen.getByText('notes.example is requesting to:')).toBeTruthy();
    expect(document.querySelectorAll('.latch-idp-scopes li')).toHaveLength(1);
    expect(document.querySelector('.latch-idp-ungrantable')).toBeNull();
  });

  it('submits at once without consent, and shows success when no redirect comes back', async () => {
    const provider = stubProvider({
      'POST /idp/oauth/authorize/start': () => startReply({ consent_required: false }),
      'POST /idp/oauth/authorize/submit': () => ok({ redirect_uri: '' }),
    });
    const { host } = renderIdp(
      { hostSearch: AUTHORIZE_SEARCH, session: IDP_SESSION },
      { fetch: provider.fetch },
    );
    await screen.findByText('Success!');
    expect(provider.calls[1]?.body).toMatchObject({ consent_granted: false });
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('shows the error screen with the provider message when start fails', async () => {
    const provider = stubProvider({
      'POST /idp/oauth/authorize/start': () => errorReply('redirect_url_not_found', 400, 'not registered'),
    });
    const { host } = renderIdp(
      { hostSearch: AUTHORIZE_SEARCH, session: IDP_SESSION },
      { fetch: provider.fetch },
    );
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(document.querySelector('.latch-idp .latch-config-error')?.textContent).toBe('not registered');
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'redirect_url_not_found' }),
    );
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('names a missing parameter, and refuses without a session; neither calls the provider', async () => {
    const provider = stubProvider({});
    const first = renderIdp(
      { hostSearch: '?redirect_uri=https://a.example/', session: IDP_SESSION },
      { fetch: provider.fetch },
    );
    const missing =
      'Required parameter is missing: client_id. Please reach out to the application developer.';
    await waitFor(() => expect(document.querySelector('.latch-idp')?.textContent).toContain(missing));
    expect(first.host.reportError).toHaveBeenCalledWith({ message: missing });
    first.unmount();
    const second = renderIdp({ hostSearch: AUTHORIZE_SEARCH, session: null }, { fetch: provider.fetch });
    await waitFor(() =>
      expect(document.querySelector('.latch-idp')?.textContent).toContain(
        'No active session detected. Please log in to continue.',
      ),
    );
    expect(second.host.reportError).toHaveBeenCalledWith({
      message: 'No active session detected. Please log in to continue.',
    });
    expect(provider.calls).toEqual([]);
  });
});

describe('identity provider: logout', () => {
  const logoutProvider = (consent_required: boolean) =>
    stubProvider({
      'POST /oauth/logout/start': () =>
        ok({ redirect_uri: 'https://notes.example/?state=s2', consent_required }),
      'POST /sessions/revoke': () => ok({}),
    });

  it('Yes revokes the session, clears the host cookies and navigates', async () => {
    const provider = logoutProvider(true);
    const { host } = renderIdp(
      { hostSearch: LOGOUT_SEARCH, session: IDP_SESSION },
      { fetch: provider.fetch },
    );
    await screen.findByRole('heading', { name: 'Log out?' });
    expect(screen.getByText('Are you sure you want to log out of your Acme account?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: 'https://notes.example/?state=s2',
        reason: 'flow_redirect',
      }),
    );
    expect(provider.calls.map((c) => c.route)).toEqual(['POST /oauth/logout/start', 'POST /sessions/revoke']);
    expect(host.clearSession).toHaveBeenCalled();
  });

  it('No leaves the session alone', async () => {
    const provider = logoutProvider(true);
    const { host } = renderIdp(
      { hostSearch: LOGOUT_SEARCH, session: IDP_SESSION },
      { fetch: provider.fetch },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await screen.findByText('You have not been logged out. You may close this page.');
    expect(host.clearSession).not.toHaveBeenCalled();
    expect(provider.calls.map((c) => c.route)).toEqual(['POST /oauth/logout/start']);
  });

  it('without consent needed, logs out and navigates at once', async () => {
    const provider = logoutProvider(false);
    const { host } = renderIdp({ hostSearch: LOGOUT_SEARCH, session: null }, { fetch: provider.fetch });
    await waitFor(() => expect(host.navigate).toHaveBeenCalledTimes(1));
    expect(host.clearSession).toHaveBeenCalled();
  });
});
