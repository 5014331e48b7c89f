import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { submitEmail } from '../../test/steps';
import { authenticateResponse, errorReply, ok, stubProvider, type StubReply } from '../../test/stubProvider';
import { loadZxcvbn } from './loadZxcvbn';
import { continueButton, strengthRoute, typePassword } from './passwordTestKit';

const passwordOptions = {
  loginRedirectURL: 'http://localhost:3000/authenticate',
  resetPasswordRedirectURL: 'http://localhost:3000/reset',
  resetPasswordExpirationMinutes: 20,
};
const search = (userType: string) => () => ok({ userType });
const session = () => {
  const { session_token, session_jwt, session, user } = authenticateResponse();
  return { session_token, session_jwt, session, user };
};

describe('password flow', () => {
  // zxcvbn builds its dictionaries once, blocking for a moment; not part of any step's timing.
  beforeAll(async () => {
    await loadZxcvbn();
  }, 20_000);

  it('creates an account: Continue waits for a valid password, then the session goes to the host', async () => {
    const provider = stubProvider({
      'POST /users/search': search('new'),
      'POST /passwords/strength_check': strengthRoute,
      'POST /passwords': () => ok(authenticateResponse({ email_id: 'email-test-1' })),
    });
    const { host } = renderWidget({ fetch: provider.fetch, config: { products: ['passwords'] } });
    await submitEmail('ada@example.com');

    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByText('Finish creating your account by setting a password.')).toBeTruthy();
    expect(screen.queryByText('Choose how you would like to create your account.')).toBeNull();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.value, email.readOnly]).toEqual(['ada@example.com', true]);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(continueButton().disabled).toBe(true);

    typePassword('hunter2');
    expect(await screen.findByText('This is a commonly used password.')).toBeTruthy();
    expect(screen.getByText('Add more words that are less common.')).toBeTruthy();
    expect(screen.getByText('A phrase only the provider knows.')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('data-filled')).toBe('1');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);

    typePassword('correct-Horse-battery-staple-91');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(screen.getByRole('meter').getAttribute('data-filled')).toBe('4');
    fireEvent.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(provider.calls.map((c) => c.route)).toEqual([
      'POST /users/search',
      'POST /passwords/strength_check',
      'POST /passwords/strength_check',
      'POST /passwords',
    ]);
    expect(provider.calls[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(provider.calls[1]?.body).toEqual({ password: 'hunter2', email: 'ada@example.com' });
    expect(provider.calls[3]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct-Horse-battery-staple-91',
      session_duration_minutes: 30,
    });
    expect(host.setSession).toHaveBeenCalledWith(session());
    await vi.waitFor(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSWORD_CREATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('shows and hides the password with a named button', async () => {
    const provider = stubProvider({ 'POST /users/search': search('password') });
    renderWidget({ fetch: provider.fetch, config: { products: ['passwords'] } });
    await submitEmail('ada@example.com');
    const input = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('logs an existing user in after a wrong password, ignoring a double submit', async () => {
    let attempts = 0;
    let release: (reply: StubReply) => void = () => undefined;
    const provider = stubProvider({
      'POST /users/search': search('password'),
      'POST /passwords/authenticate': () =>
        ++attempts === 1
          ? errorReply('unauthorized_credentials', 401)
          : new Promise<StubReply>((resolve) => (release = resolve)),
    });
    const { host } = renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords'], sessionOptions: { sessionDurationMinutes: 90 } },
    });
    await submitEmail('ada@example.com');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');

    typePassword('wrong-password');
    fireEvent.click(continueButton());
    expect((await screen.findAllByText('Unauthorized credentials.')).length).toBeGreaterThan(0);
    expect(host.reportError).toHaveBeenCalledWith({
      message: 'Unauthorized credentials.',
      error_type: 'unauthorized_credentials',
      status_code: 401,
    });
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Unauthorized credentials.');

    typePassword('right-password');
    fireEvent.click(continueButton());
    fireEvent.click(continueButton());
    await waitFor(() => expect(attempts).toBe(2));
    release(ok(authenticateResponse()));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(attempts).toBe(2);
    expect(provider.calls.at(-1)?.body).toEqual({
      email: 'ada@example.com',
      password: 'right-password',
      session_duration_minutes: 90,
    });
    expect(host.setSession).toHaveBeenCalledWith(session());
    await vi.waitFor(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSWORD_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('starts a reset email on reset_password and shows PasswordDedupe', async () => {
    const provider = stubProvider({
      'POST /users/search': search('password'),
      'POST /passwords/authenticate': () => errorReply('reset_password'),
      'POST /passwords/email/reset/start': () => ok({}),
    });
    const { host } = renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords'], passwordOptions },
    });
    await submitEmail('ada@example.com');
    await screen.findByLabelText('Password');
    typePassword('old-password');
    fireEvent.click(continueButton());
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password!' }),
    ).toBeTruthy();
    expect(screen.getByText(/A login link was sent to you at ada@example.com\./)).toBeTruthy();
    expect(provider.calls.at(-1)).toEqual({
      route: 'POST /passwords/email/reset/start',
      body: {
        email: 'ada@example.com',
        login_redirect_url: 'http://localhost:3000/authenticate',
        reset_password_redirect_url: 'http://localhost:3000/reset',
        reset_password_expiration_minutes: 20,
      },
    });
    expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual(['PASSWORD_RESET_BY_EMAIL_START']);
    expect(host.setSession).not.toHaveBeenCalled();
  });

  it('sends a breached password on log in to PasswordBreached', async () => {
    const provider = stubProvider({
      'POST /users/search': search('password'),
      'POST /passwords/authenticate': () => errorReply('breached_password'),
      'POST /passwords/email/reset/start': () => ok({}),
    });
    renderWidget({ fetch: provider.fetch, config: { products: ['passwords'] } });
    await submitEmail('ada@example.com');
    await screen.findByLabelText('Password');
    typePassword('password123');
    fireEvent.click(continueButton());
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password' }),
    ).toBeTruthy();
    expect(provider.calls.at(-1)?.body).toEqual({ email: 'ada@example.com' });
  });

  it('sends a reset link on Forgot Password? and resends it with a toast', async () => {
    const provider = stubProvider({
      'POST /users/search': search('password'),
      'POST /passwords/email/reset/start': () => ok({}),
    });
    const { host } = renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords'], passwordOptions },
    });
    await submitEmail('ada@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(
      screen.getByText('A link to reset your password was sent to you at ada@example.com.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    const starts = provider.calls.filter((c) => c.route === 'POST /passwords/email/reset/start');
    expect(starts).toHaveLength(2);
    expect(starts[1]?.body).toEqual(starts[0]?.body);
    expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
      'PASSWORD_RESET_BY_EMAIL_START',
      'PASSWORD_RESET_BY_EMAIL_START',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('offers a passwordless user a login link or to create a password instead', async () => {
    const provider = stubProvider({
      'POST /users/search': search('passwordless'),
      'POST /passwords/email/reset/start': () => ok({}),
    });
    renderWidget({ fetch: provider.fetch, config: { products: ['passwords', 'emailMagicLinks'] } });
    const tabs = screen.queryAllByRole('tab');
    expect(tabs).toEqual([]);
    await submitEmail('ada@example.com');
    expect(await screen.findByRole('button', { name: 'Email me a login link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a login code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create a password instead' }));
    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(screen.getByText('A login link was sent to you at ada@example.com.')).toBeTruthy();
    expect(provider.calls.map((c) => c.route)).toEqual([
      'POST /users/search',
      'POST /passwords/email/reset/start',
    ]);
  });

  it('lets a new user choose an email login code instead, with the existing passcode flow', async () => {
    const provider = stubProvider({
      'POST /users/search': search('new'),
      'POST /otps/email/login_or_create': () => ok({ method_id: 'email-test-1' }),
    });
    renderWidget({
      fetch: provider.fetch,
      config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email', 'sms'] } },
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Email', 'Text']);
    // The tab panel is named 'Email' too, so the field is found by its role.
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByText('Choose how you would like to create your account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a login link' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a login code' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(provider.calls.at(-1)).toEqual({
      route: 'POST /otps/email/login_or_create',
      body: { email: 'ada@example.com', expiration_minutes: 5 },
    });
  });

  it('offers Login without a password on log in when magic links are configured', async () => {
    const provider = stubProvider({
      'POST /users/search': search('password'),
      'POST /magic_links/email/login_or_create': () => ok({}),
    });
    renderWidget({ fetch: provider.fetch, config: { products: ['emailMagicLinks', 'passwords'] } });
    await submitEmail('ada@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('An email was sent to ada@example.com.')).toBeTruthy();
  });

  it('shows the breached message when creating with a breached password', async () => {
    const provider = stubProvider({
      'POST /users/search': search('new'),
      'POST /passwords/strength_check': strengthRoute,
      'POST /passwords': () => errorReply('breached_password'),
    });
    renderWidget({ fetch: provider.fetch, config: { products: ['passwords'] } });
    await submitEmail('ada@example.com');
    await screen.findByLabelText('Password');
    typePassword('correct-Horse-battery-staple-91');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    expect(
      (await screen.findAllByText('Password appears in the list of breached passwords and must be reset.'))
        .length,
    ).toBeGreaterThan(0);
  });
});
