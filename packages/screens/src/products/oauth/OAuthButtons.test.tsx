import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { TEST_BASE_URL } from '../../test/testNetwork';

const config = {
  products: ['oauth' as const, 'emailMagicLinks' as const],
  oauthOptions: {
    providers: [
      {
        type: 'google' as const,
        custom_scopes: ['calendar', 'drive'],
        provider_params: { prompt: 'select_account' },
      },
      { type: 'github' as const },
    ],
    loginRedirectURL: 'https://app.example/authenticate',
    signupRedirectURL: 'https://app.example/welcome',
  },
};

describe('OAuth buttons', () => {
  it("shows 'Continue with {provider}' per configured provider, in order, before the email form", async () => {
    renderWidget({ config });
    const buttons = await screen.findAllByRole('button', { name: /^Continue with / });
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Continue with Google',
      'Continue with Github',
      'Continue with email',
    ]);
  });

  it('asks the host to navigate to OAuth start with the redirect URLs, scopes and provider params', async () => {
    const { host } = renderWidget({ config });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledTimes(1));
    const [request] = host.navigate.mock.calls[0] ?? [];
    expect(request?.reason).toBe('oauth_start');
    const url = new URL(request?.url ?? '');
    expect(url.origin + url.pathname).toBe(`${TEST_BASE_URL}/v1/public/oauth/google/start`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      public_token: expect.stringMatching(/^public-token-test-/),
      login_redirect_url: 'https://app.example/authenticate',
      signup_redirect_url: 'https://app.example/welcome',
      custom_scopes: 'calendar drive',
      provider_prompt: 'select_account',
    });
    // The page is leaving: no second start while it does.
    expect(screen.getByRole('button', { name: 'Continue with Github' })).toHaveProperty('disabled', true);
  });

  it('gives the buttons back when the host refuses the navigation', async () => {
    const { host } = renderWidget({ config });
    host.navigate.mockResolvedValueOnce({ accepted: false });
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    fireEvent.click(google);
    await waitFor(() => expect(host.navigate).toHaveBeenCalled());
    await waitFor(() => expect(google).toHaveProperty('disabled', false));
  });

  it('shows a provider listed twice once', async () => {
    renderWidget({
      config: {
        ...config,
        oauthOptions: {
          ...config.oauthOptions,
          providers: [{ type: 'google' as const }, { type: 'github' as const }, { type: 'google' as const }],
        },
      },
    });
    const buttons = await screen.findAllByRole('button', { name: /^Continue with (Google|Github)$/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Continue with Google', 'Continue with Github']);
  });

  it('says so in the widget and reports it when the project does not offer the provider', async () => {
    const { host } = renderWidget({ config, bootstrap: { oauthProviders: ['google'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Github' }));
    const message = 'Sign-in with Github is not set up for this app yet. Try another way to sign in.';
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    await waitFor(() =>
      expect(host.reportError).toHaveBeenCalledWith({ message, error_type: 'oauth_config_not_found' }),
    );
    expect(host.navigate).not.toHaveBeenCalled();
    // The configured one still goes.
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledTimes(1));
  });
});
