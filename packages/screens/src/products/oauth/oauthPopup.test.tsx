import { fireEvent, screen, waitFor } from '@testing-library/react';
import { isOAuthPopupMessage, OAUTH_POPUP_MESSAGE, type OAuthPopupMessage } from '@latch/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import { renderWidget } from '../../test/renderWidget';
import { TEST_BASE_URL } from '../../test/testNetwork';

const provider = providerServer();

const config = {
  products: ['oauth' as const, 'emailMagicLinks' as const],
  emailMagicLinksOptions: {},
  oauthOptions: {
    providers: [{ type: 'google' as const }, { type: 'github' as const }],
    loginRedirectURL: 'http://localhost:3000/authenticate',
    mode: 'popup' as const,
  },
};
// Latch's provider lists the project's providers: popup mode needs its result page.
const bootstrap = { oauthProviders: ['google' as const, 'github' as const] };

/** A popup window as the frame sees it: where it was sent, whether it is closed. */
function fakePopup() {
  const popup = { closed: false, location: { replace: vi.fn<(url: string) => void>() } };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

afterEach(() => vi.restoreAllMocks());

/** The visitor signs in at the dev identity provider in the popup; answers what its result page posts. */
async function signInInPopup(startUrl: string, email: string): Promise<OAuthPopupMessage> {
  const start = new URL(startUrl);
  const started = await provider.page(start.pathname + start.search);
  const authorize = new URL(started.headers.get('location') ?? '');
  const result = await provider.page(authorize.pathname + authorize.search, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: authorize.searchParams.get('state') ?? '', email }).toString(),
  });
  const json = /id="latch-result">([^<]*)</.exec(await result.text())?.[1] ?? 'null';
  const { message } = JSON.parse(json) as { message: unknown };
  if (!isOAuthPopupMessage(message)) throw new Error(`no popup result: ${json}`);
  return message;
}

const post = (data: unknown, origin: string, source: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

describe('OAuth popup mode', () => {
  it('signs in inside the widget from the popup result, ignoring forged and stale messages', async () => {
    const { popup, open } = fakePopup();
    const { host } = renderWidget({ config, bootstrap });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(open).toHaveBeenCalledWith('about:blank', 'latch-oauth', expect.stringContaining('popup'));
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
    const startUrl = popup.location.replace.mock.calls[0]?.[0] ?? '';
    const start = new URL(startUrl);
    expect(start.origin + start.pathname).toBe(`${TEST_BASE_URL}/v1/public/oauth/google/start`);
    expect(start.searchParams.get('mode')).toBe('popup');
    const challenge = start.searchParams.get('code_challenge') ?? '';
    expect(challenge).toMatch(/^[\w-]{43}$/);
    // The page never moved.
    expect(host.navigate).not.toHaveBeenCalled();

    const email = uniqueEmail('popup');
    const result = await signInInPopup(startUrl, email);
    expect(result).toMatchObject({ type: OAUTH_POPUP_MESSAGE, code_challenge: challenge });

    // Each forgery would be redeemed if accepted (and then the real result would be ignored).
    const forged = { ...result, token: 'forged-token-0123456789' };
    post(forged, 'https://evil.example', popup); // another origin
    post(forged, location.origin, window); // the right origin, another window
    post(forged, location.origin, null);
    post({ ...forged, code_challenge: 'A'.repeat(43) }, location.origin, popup); // another attempt
    post('not a result', location.origin, popup);
    post(result, location.origin, popup);

    // The first session of the file signs with a fresh key: give it the time a loaded machine needs.
    await screen.findByRole('heading', { name: 'Success!' }, { timeout: 15_000 });
    await waitFor(() => expect(host.setSession).toHaveBeenCalledTimes(1));
    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
    const redeemed = (await provider.sent()).filter((r) => r.route === 'POST /oauth/authenticate');
    expect(redeemed).toHaveLength(1);
    const body = redeemed[0]?.body as { token: string; code_verifier: string };
    expect(body.token).toBe('token' in result ? result.token : '');
    // Bound to the attempt: the verifier the frame kept is the one behind the challenge it sent.
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body.code_verifier));
    expect(Buffer.from(digest).toString('base64url')).toBe(challenge);
    await waitFor(() =>
      expect(host.emitEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }),
    );
  });

  it('falls back to the redirect when the browser blocks the popup', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { host } = renderWidget({ config, bootstrap });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Github' }));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledTimes(1);
    const url = new URL(host.navigate.mock.calls[0]?.[0].url ?? '');
    expect(url.pathname).toBe('/v1/public/oauth/github/start');
    expect(url.searchParams.has('mode')).toBe(false);
    expect(url.searchParams.has('code_challenge')).toBe(false);
  });

  it('shows a failure the result page reports, and reports it to the host', async () => {
    const { popup } = fakePopup();
    const { host } = renderWidget({ config, bootstrap });
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    fireEvent.click(google);
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
    const challenge = new URL(popup.location.replace.mock.calls[0]?.[0] ?? '').searchParams.get(
      'code_challenge',
    );
    post(
      {
        type: OAUTH_POPUP_MESSAGE,
        code_challenge: challenge,
        error_type: 'oauth_flow_callback_error',
        error_message: 'The sign-in at Google was cancelled.',
      },
      location.origin,
      popup,
    );
    expect((await screen.findByText('Error in the OAuth callback.')).getAttribute('role')).toBe('alert');
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Error in the OAuth callback.',
        error_type: 'oauth_flow_callback_error',
      }),
    );
    expect(google).toHaveProperty('disabled', false);
  });

  it('gives the buttons back when the visitor closes the popup', async () => {
    const { popup } = fakePopup();
    renderWidget({ config, bootstrap });
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    fireEvent.click(google);
    await waitFor(() => expect(google).toHaveProperty('disabled', true));
    popup.closed = true;
    await waitFor(() => expect(google).toHaveProperty('disabled', false));
    expect(document.querySelector('.latch-oauth .latch-error-text')).toBeNull();
  });

  it('redirects as before without mode, or against a provider that lists no providers', async () => {
    const open = vi.spyOn(window, 'open');
    const { host } = renderWidget({ config });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledTimes(1));
    expect(open).not.toHaveBeenCalled();
  });
});
