import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerServer } from '../../test/providerServer';
import { warmUpScreens } from '../../test/warmUp';
import {
  AUTHORIZE_SEARCH,
  CALLBACK,
  FIRST_PARTY_SEARCH,
  idpConfig,
  idpSession,
  LOGOUT_SEARCH,
  namelessClient,
  noRedirect,
  renderIdp,
} from '../../test/identityProvider/idpFixtures';

const provider = providerServer({ config: idpConfig() });
const routes = async () => (await provider.sent()).map((c) => c.route);
// Every authorization response names the issuer (RFC 9207): `iss` follows the code or the error.
const codeRedirect = new RegExp(`^${CALLBACK.replace(/[.?]/g, '\\$&')}\\?code=[^&]+&state=s1&iss=[^&]+$`);
const deniedRedirect = new RegExp(
  `^${CALLBACK.replace(/[.?]/g, '\\$&')}\\?error=access_denied&state=s1&iss=[^&]+$`,
);

beforeAll(warmUpScreens, 30_000);

describe('identity provider: authorize', () => {
  it('shows the consent screen, then Allow submits and sends the host to the redirect URI', async () => {
    const session = await idpSession(provider);
    const { host } = renderIdp({ hostSearch: AUTHORIZE_SEARCH, session });
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
    expect((await provider.sent())[0]?.body).toEqual({
      client_id: 'notes',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email', 'read:notes', 'delete:all'],
      state: 's1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: expect.stringMatching(codeRedirect),
        reason: 'flow_redirect',
      }),
    );
    expect((await provider.sent())[1]?.body).toMatchObject({ client_id: 'notes', consent_granted: true });
    expect(host.emitEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'OAUTH_AUTHORIZE_FLOW_COMPLETE' }),
    );
  });

  it('Deny redirects with access_denied and emits consent-denied', async () => {
    const { host } = renderIdp({ hostSearch: AUTHORIZE_SEARCH, session: await idpSession(provider) });
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await screen.findByText('Access to the application was denied.');
    expect((await provider.sent())[1]?.body).toMatchObject({ consent_granted: false });
    expect(host.emitEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED' }),
    );
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: expect.stringMatching(deniedRedirect),
        reason: 'flow_redirect',
      }),
    );
  });

  it('uses the sign-in title for standard scopes, and the host name when the client has no name', async () => {
    provider.override('POST /idp/oauth/authorize/start', namelessClient);
    const search = AUTHORIZE_SEARCH.replace(
      'openid%20email%20read:notes%20delete:all',
      'openid%20full_access',
    );
    renderIdp({ hostSearch: search, session: await idpSession(provider) });
    await screen.findByRole('heading', { name: 'Sign in to notes.example with Acme' });
    expect(screen.getByText('notes.example is requesting to:')).toBeTruthy();
    expect(document.querySelectorAll('.latch-idp-scopes li')).toHaveLength(1);
    expect(document.querySelector('.latch-idp-ungrantable')).toBeNull();
  });

  it('submits at once without consent, and shows success when no redirect comes back', async () => {
    // The first-party app needs no consent.
    provider.override('POST /idp/oauth/authorize/submit', noRedirect);
    const { host } = renderIdp({ hostSearch: FIRST_PARTY_SEARCH, session: await idpSession(provider) });
    await screen.findByText('Success!');
    expect((await provider.sent())[1]?.body).toMatchObject({ consent_granted: false });
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('sends the host on at once when no consent is needed', async () => {
    const { host } = renderIdp({ hostSearch: FIRST_PARTY_SEARCH, session: await idpSession(provider) });
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: expect.stringMatching(codeRedirect),
        reason: 'flow_redirect',
      }),
    );
    expect(await routes()).toEqual(['POST /idp/oauth/authorize/start', 'POST /idp/oauth/authorize/submit']);
  });

  it('shows the error screen with the provider message when start fails', async () => {
    // A redirect URI the app never registered.
    const search = AUTHORIZE_SEARCH.replace(
      encodeURIComponent(CALLBACK),
      encodeURIComponent('https://x.example/cb'),
    );
    const { host } = renderIdp({ hostSearch: search, session: await idpSession(provider) });
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'redirect_url_not_found' }),
    );
    const message = host.reportError.mock.calls[0]?.[0].message;
    expect(message).toContain('redirect_uri');
    expect(document.querySelector('.latch-idp .latch-config-error')?.textContent).toBe(message);
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('names a missing parameter, and refuses without a session; neither calls the provider', async () => {
    const first = renderIdp({
      hostSearch: '?redirect_uri=https://a.example/',
      session: await idpSession(provider),
    });
    const missing =
      'Required parameter is missing: client_id. Please reach out to the application developer.';
    await waitFor(() => expect(document.querySelector('.latch-idp')?.textContent).toContain(missing));
    // The report goes out from an effect after the message paints.
    await waitFor(() => expect(first.host.reportError).toHaveBeenCalledWith({ message: missing }));
    first.unmount();
    const second = renderIdp({ hostSearch: AUTHORIZE_SEARCH, session: null });
    await waitFor(() =>
      expect(document.querySelector('.latch-idp')?.textContent).toContain(
        'No active session detected. Please log in to continue.',
      ),
    );
    await waitFor(() =>
      expect(second.host.reportError).toHaveBeenCalledWith({
        message: 'No active session detected. Please log in to continue.',
      }),
    );
    expect(await provider.sent()).toEqual([]);
  });
});

describe('identity provider: prompt=none and the OpenID Connect extras', () => {
  const SILENT_SEARCH = `${AUTHORIZE_SEARCH}&prompt=none`;
  const loginRequired = new RegExp(
    `^${CALLBACK.replace(/[.?]/g, '\\$&')}\\?error=login_required&error_description=[^&]+&state=s1&iss=[^&]+$`,
  );

  it('without a session, prompt=none shows nothing and sends the host back with login_required', async () => {
    const { host } = renderIdp({ hostSearch: SILENT_SEARCH, session: null });
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: expect.stringMatching(loginRequired),
        reason: 'flow_redirect',
      }),
    );
    // No start: it needs a session. The submit alone answers the error for the relying party.
    expect(await routes()).toEqual(['POST /idp/oauth/authorize/submit']);
    expect((await provider.sent())[0]?.body).toMatchObject({ prompt: 'none', consent_granted: false });
    expect(document.querySelector('.latch-idp')).toBeNull();
    expect(host.reportError).not.toHaveBeenCalled();
  });

  it('without a session, prompt=none for an unregistered redirect URI shows the error screen', async () => {
    const search = SILENT_SEARCH.replace(
      encodeURIComponent(CALLBACK),
      encodeURIComponent('https://x.example/cb'),
    );
    const { host } = renderIdp({ hostSearch: search, session: null });
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'redirect_url_not_found' }),
    );
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('forwards code_challenge_method and max_age, which the provider checks', async () => {
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const search = `${FIRST_PARTY_SEARCH}&code_challenge=${challenge}&code_challenge_method=plain&max_age=600`;
    const { host } = renderIdp({ hostSearch: search, session: await idpSession(provider) });
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: expect.stringContaining(`${CALLBACK}?error=invalid_request&`),
        reason: 'flow_redirect',
      }),
    );
    expect((await provider.sent())[0]?.body).toMatchObject({
      code_challenge: challenge,
      code_challenge_method: 'plain',
      max_age: '600',
    });
  });
});

describe('identity provider: logout', () => {
  it('Yes revokes the session, clears the host cookies and navigates', async () => {
    const session = await idpSession(provider);
    const { host } = renderIdp({ hostSearch: LOGOUT_SEARCH, session });
    await screen.findByRole('heading', { name: 'Log out?' });
    expect(screen.getByText('Are you sure you want to log out of your Acme account?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(host.navigate).toHaveBeenCalledWith({
        url: 'https://notes.example/?state=s2',
        reason: 'flow_redirect',
      }),
    );
    expect(await routes()).toEqual(['POST /oauth/logout/start', 'POST /sessions/revoke']);
    expect(host.clearSession).toHaveBeenCalled();
    await expect(provider.sessionOf(session.session_token)).rejects.toThrow(/answered 40\d/);
  });

  it('No leaves the session alone', async () => {
    const session = await idpSession(provider);
    const { host } = renderIdp({ hostSearch: LOGOUT_SEARCH, session });
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await screen.findByText('You have not been logged out. You may close this page.');
    expect(host.clearSession).not.toHaveBeenCalled();
    expect(await routes()).toEqual(['POST /oauth/logout/start']);
    await provider.sessionOf(session.session_token);
  });

  it('without consent needed, logs out and navigates at once', async () => {
    // No live session: nothing to confirm.
    const { host } = renderIdp({ hostSearch: LOGOUT_SEARCH, session: null });
    await waitFor(() => expect(host.navigate).toHaveBeenCalledTimes(1));
    expect(host.clearSession).toHaveBeenCalled();
  });
});
