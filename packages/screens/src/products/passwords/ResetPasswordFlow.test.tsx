import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { resetPasswordTokenAtom } from '../../state/formAtoms';
import { renderWidget } from '../../test/renderWidget';
import { authenticateResponse, errorReply, ok, stubProvider, type StubReply } from '../../test/stubProvider';
import { loadZxcvbn } from './loadZxcvbn';
import { continueButton, strengthFor, strengthRoute, typePassword } from './passwordTestKit';

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
    const provider = stubProvider({
      'POST /passwords/strength_check': strengthRoute,
      'POST /passwords/email/reset': () => ok(authenticateResponse()),
    });
    const { host, store } = renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords'], sessionOptions: { sessionDurationMinutes: 45 } },
      mount: resetMount('?token=reset-token-1&stytch_token_type=reset_password'),
    });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(store.get(resetPasswordTokenAtom)).toBe('reset-token-1');
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(continueButton().disabled).toBe(true);
    typePassword('correct-Horse-battery-staple-91', 'New password');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(provider.calls).toEqual([
      { route: 'POST /passwords/strength_check', body: { password: 'correct-Horse-battery-staple-91' } },
      {
        route: 'POST /passwords/email/reset',
        body: {
          token: 'reset-token-1',
          password: 'correct-Horse-battery-staple-91',
          session_duration_minutes: 45,
        },
      },
    ]);
    const { session_token, session_jwt, session, user } = authenticateResponse();
    expect(host.setSession).toHaveBeenCalledWith({ session_token, session_jwt, session, user });
    await vi.waitFor(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSWORD_RESET_BY_EMAIL',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('logs in without a password with the host-supplied token', async () => {
    const provider = stubProvider({
      'POST /magic_links/authenticate': () => ok(authenticateResponse({ method_id: 'email-1' })),
    });
    const { host } = renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords'] },
      mount: resetMount('', 'given-token'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(provider.calls).toEqual([
      {
        route: 'POST /magic_links/authenticate',
        body: { token: 'given-token', session_duration_minutes: 30 },
      },
    ]);
    expect(host.setSession).toHaveBeenCalledTimes(1);
  });

  it('authenticates a login-type token at once, showing Logging in...', async () => {
    let release: (reply: StubReply) => void = () => undefined;
    const provider = stubProvider({
      'POST /magic_links/authenticate': () => new Promise<StubReply>((resolve) => (release = resolve)),
    });
    const { host } = renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords'] },
      mount: resetMount('?token=login-token-1&stytch_token_type=login'),
    });
    expect(await screen.findByText('Logging in...')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    await waitFor(() => expect(provider.calls).toHaveLength(1));
    release(ok(authenticateResponse({ method_id: 'email-1' })));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(provider.calls[0]?.body).toEqual({ token: 'login-token-1', session_duration_minutes: 30 });
    await vi.waitFor(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual(['AUTHENTICATE_FLOW_COMPLETE']),
    );
  });

  it('shows the catalogue message when the login token is used up', async () => {
    const provider = stubProvider({
      'POST /magic_links/authenticate': () => errorReply('unable_to_auth_magic_link', 401),
    });
    const { host } = renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords'] },
      mount: resetMount('?token=old&stytch_token_type=login'),
    });
    expect(
      (await screen.findAllByText('The magic link was already used or expired.')).length,
    ).toBeGreaterThan(0);
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'unable_to_auth_magic_link' }),
    );
    expect(host.setSession).not.toHaveBeenCalled();
  });

  it('shows the LUDS lines with the bootstrap numbers, met or not', async () => {
    const luds = (body: unknown) => {
      const { password } = body as { password: string };
      return ok(strengthFor(password, { strength_policy: 'luds', score: 0 }));
    };
    renderWidget({
      fetch: stubProvider({ 'POST /passwords/strength_check': luds }).fetch,
      config: { products: ['passwords'] },
      bootstrap: { passwordConfig: { ludsMinimumCount: 12, ludsComplexity: 3 } },
      mount: resetMount('?token=t'),
    });
    await screen.findByLabelText('New password');
    typePassword('short', 'New password');
    const length = await screen.findByText('Must be at least 12 character(s) long');
    const complexity = screen.getByText(
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    );
    expect(length.closest('li')?.className).toBe('latch-requirement-unmet');
    expect(complexity.closest('li')?.textContent).toContain('Requirement not met:');
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.queryByText('This is a commonly used password.')).toBeNull();

    typePassword('Long-enough-1234', 'New password');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(screen.getByText('Must be at least 12 character(s) long').closest('li')?.className).toBe(
      'latch-requirement-met',
    );
  });

  it('shows the breached line for a breached password and keeps Continue disabled', async () => {
    const breached = (body: unknown) => {
      const { password } = body as { password: string };
      return ok(strengthFor(password, { breached_password: true, valid_password: false }));
    };
    renderWidget({
      fetch: stubProvider({ 'POST /passwords/strength_check': breached }).fetch,
      config: { products: ['passwords'] },
      mount: resetMount('?token=t'),
    });
    await screen.findByLabelText('New password');
    typePassword('correct-Horse-battery-staple-91', 'New password');
    expect(
      await screen.findByText(
        'This password may have been used on a different site that experienced a security issue. Please choose another password.',
      ),
    ).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });
});
