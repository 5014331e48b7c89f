import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { resetPasswordTokenAtom } from '../../state/formAtoms';
import { applyMountStateAtom, mountStateAtom } from '../../state/widgetAtoms';
import { heldResponse } from '@latch/msw';
import { renderWidget } from '../../test/renderWidget';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import { loadZxcvbn } from './loadZxcvbn';
import { continueButton, STRONG_PASSWORD, typePassword } from '../../test/passwords/passwordTestKit';
import { waitForProvider } from '../../test/waitForProvider';

const provider = providerServer();
const NEW_PASSWORD = 'Another-long-phrase-for-reset-7';

/** A password user's reset email: the reset token and the login (magic link) token beside it. */
async function resetEmail() {
  const email = uniqueEmail();
  await provider.signUpWithPassword(email, STRONG_PASSWORD);
  await provider.call('POST', '/passwords/email/reset/start', { email });
  const { metadata } = await provider.latestMessage(email);
  return { email, resetToken: metadata.token ?? '', loginToken: metadata.login_token ?? '' };
}

const resetMount = (hostSearch: string, passwordResetToken?: string) => ({
  kind: 'reset-password' as const,
  hostSearch,
  ...(passwordResetToken ? { passwordResetToken } : {}),
});

describe('reset password mount', () => {
  // zxcvbn builds its dictionaries once, blocking for a moment; not part of any step's timing.
  beforeAll(async () => {
    await loadZxcvbn();
  }, 20_000);

  it('sets a new password with the token from the host page', async () => {
    const { email, resetToken } = await resetEmail();
    const { host, store } = renderWidget({
      config: { products: ['passwords'], sessionOptions: { sessionDurationMinutes: 45 } },
      mount: resetMount(`?token=${resetToken}&stytch_token_type=reset_password`),
    });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    // Written by an effect after the commit that draws the heading.
    await waitFor(() => expect(store.get(resetPasswordTokenAtom)).toBe(resetToken));
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(continueButton().disabled).toBe(true);
    typePassword(NEW_PASSWORD, 'New password');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(await provider.sent()).toEqual([
      { route: 'POST /passwords/strength_check', body: { password: NEW_PASSWORD } },
      {
        route: 'POST /passwords/email/reset',
        body: { token: resetToken, password: NEW_PASSWORD, session_duration_minutes: 45 },
      },
    ]);
    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
    // The new password is the one that now logs in.
    await provider.call('POST', '/passwords/authenticate', { email, password: NEW_PASSWORD });
    await waitForProvider(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSWORD_RESET_BY_EMAIL',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('logs in without a password with the host-supplied token', async () => {
    const { email, loginToken } = await resetEmail();
    const { host } = renderWidget({
      config: { products: ['passwords'] },
      mount: resetMount('', loginToken),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(await provider.sent()).toEqual([
      {
        route: 'POST /magic_links/authenticate',
        body: { token: loginToken, session_duration_minutes: 30 },
      },
    ]);
    expect(host.setSession).toHaveBeenCalledTimes(1);
    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
  });

  it('authenticates a login-type token at once, showing Logging in...', async () => {
    const { loginToken } = await resetEmail();
    const held = heldResponse();
    provider.override('POST /magic_links/authenticate', held.override);
    const { host } = renderWidget({
      config: { products: ['passwords'] },
      mount: resetMount(`?token=${loginToken}&stytch_token_type=login`),
    });
    expect(await screen.findByText('Logging in...')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    await waitFor(async () => expect(await provider.sent()).toHaveLength(1));
    held.release();
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect((await provider.sent())[0]?.body).toEqual({ token: loginToken, session_duration_minutes: 30 });
    await waitForProvider(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual(['AUTHENTICATE_FLOW_COMPLETE']),
    );
  });

  it('shows the catalogue message when the login token is used up', async () => {
    // The login link was already used once.
    const { loginToken } = await resetEmail();
    await provider.call('POST', '/magic_links/authenticate', { token: loginToken });
    const { host } = renderWidget({
      config: { products: ['passwords'] },
      mount: resetMount(`?token=${loginToken}&stytch_token_type=login`),
    });
    expect(
      (await screen.findAllByText('The magic link was already used or expired.')).length,
    ).toBeGreaterThan(0);
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'unable_to_auth_magic_link' }),
    );
    expect(host.setSession).not.toHaveBeenCalled();
  });

  it('a spent reset link, on submit, speaks of the reset link', async () => {
    const { resetToken } = await resetEmail();
    await provider.call('POST', '/passwords/email/reset', { token: resetToken, password: NEW_PASSWORD });
    const { host } = renderWidget({
      config: { products: ['passwords'] },
      mount: resetMount(`?token=${resetToken}&stytch_token_type=reset_password`),
    });
    typePassword('Yet-another-long-phrase-8', 'New password');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    const text =
      'This password reset link was already used or has expired. Please request a new password reset email.';
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    expect(screen.queryByText('The magic link was already used or expired.')).toBeNull();
    expect(host.reportError).toHaveBeenCalledWith({
      message: text,
      error_type: 'unable_to_auth_magic_link',
      status_code: 401,
    });
  });

  describe('drawn before the host has answered, as the frame draws it', () => {
    const MISSING = 'This link has no reset token. Please request a new password reset email.';
    /** The frame's first render knows no query string; the host's `ready()` answer brings it. */
    const renderUnanswered = () =>
      renderWidget({ config: { products: ['passwords'] }, mount: resetMount('') });
    const answer = (view: ReturnType<typeof renderWidget>, hostSearch: string) =>
      act(() => view.store.set(applyMountStateAtom, { ...view.store.get(mountStateAtom), hostSearch }));

    it('a reset link: a spinner, never the missing-token message, then the form', async () => {
      const { resetToken } = await resetEmail();
      const view = renderUnanswered();
      expect(await screen.findByRole('status')).toBeTruthy();
      expect(screen.queryByText(MISSING)).toBeNull();
      answer(view, `?token=${resetToken}&stytch_token_type=reset_password`);
      expect(await screen.findByLabelText('New password')).toBeTruthy();
      expect(screen.queryByText(MISSING)).toBeNull();
    });

    it('a login link: a spinner, never the missing-token message, then Logging in...', async () => {
      const { loginToken } = await resetEmail();
      const view = renderUnanswered();
      expect(await screen.findByRole('status')).toBeTruthy();
      expect(screen.queryByText(MISSING)).toBeNull();
      answer(view, `?token=${loginToken}&stytch_token_type=login`);
      expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
      expect((await provider.sent())[0]?.route).toBe('POST /magic_links/authenticate');
    });

    it('a page without a token: the message once the host has answered', async () => {
      const view = renderUnanswered();
      expect(await screen.findByRole('status')).toBeTruthy();
      answer(view, '?utm_source=mail');
      expect(await screen.findByText(MISSING)).toBeTruthy();
    });
  });

  it('shows the breached line for a breached password and keeps Continue disabled', async () => {
    renderWidget({
      config: { products: ['passwords'] },
      mount: resetMount('?token=t'),
    });
    await screen.findByLabelText('New password');
    // In the provider's breach list.
    typePassword('password123', 'New password');
    expect(
      await screen.findByText(
        'This password may have been used on a different site that experienced a security issue. Please choose another password.',
      ),
    ).toBeTruthy();
    // Once: zxcvbn's breach warning, which the provider sends too, is not shown beside the line.
    expect(screen.queryByText('Your password was exposed by a data breach on the Internet.')).toBeNull();
    expect(continueButton().disabled).toBe(true);
  });
});
