import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { submitEmail } from '../../test/steps';
import { errorResponse, heldResponse } from '@latch/msw';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import { loadZxcvbn } from './loadZxcvbn';
import { continueButton, STRONG_PASSWORD, typePassword } from '../../test/passwords/passwordTestKit';
import { waitForProvider } from '../../test/waitForProvider';

const passwordOptions = {
  loginRedirectURL: 'http://localhost:3000/authenticate',
  resetPasswordRedirectURL: 'http://localhost:3000/reset-password',
  resetPasswordExpirationMinutes: 20,
};
const provider = providerServer();
/** A user who already has a password. */
const passwordUser = async () => {
  const email = uniqueEmail();
  await provider.signUpWithPassword(email, STRONG_PASSWORD);
  return email;
};
const routes = async () => (await provider.sent()).map((c) => c.route);

describe('password flow', () => {
  // zxcvbn builds its dictionaries once, blocking for a moment; not part of any step's timing.
  beforeAll(async () => {
    await loadZxcvbn();
  }, 20_000);

  it('creates an account: Continue waits for a valid password, then the session goes to the host', async () => {
    const { host } = renderWidget({ config: { products: ['passwords'] } });
    const address = uniqueEmail();
    await submitEmail(address);

    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByText('Finish creating your account by setting a password.')).toBeTruthy();
    expect(screen.queryByText('Choose how you would like to create your account.')).toBeNull();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.value, email.readOnly]).toEqual([address, true]);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(continueButton().disabled).toBe(true);

    // The provider's zxcvbn feedback for a weak (not breached) password.
    typePassword('Ada1985');
    expect(await screen.findByText('Recent years are easy to guess.')).toBeTruthy();
    expect(screen.getByText('Add more words that are less common.')).toBeTruthy();
    expect(screen.getByText('Avoid recent years.')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('data-filled')).toBe('1');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);

    typePassword(STRONG_PASSWORD);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(screen.getByRole('meter').getAttribute('data-filled')).toBe('4');
    fireEvent.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    const sent = await provider.sent();
    expect(sent.map((c) => c.route)).toEqual([
      'POST /users/search',
      'POST /passwords/strength_check',
      'POST /passwords/strength_check',
      'POST /passwords',
    ]);
    expect(sent[0]?.body).toEqual({ email: address });
    expect(sent[1]?.body).toEqual({ password: 'Ada1985', email: address });
    expect(sent[3]?.body).toEqual({
      email: address,
      password: STRONG_PASSWORD,
      session_duration_minutes: 30,
    });
    expect(await provider.call('POST', '/users/search', { email: address })).toMatchObject({
      userType: 'password',
    });
    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], address);
    await waitForProvider(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSWORD_CREATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('shows and hides the password with a named button', async () => {
    renderWidget({ config: { products: ['passwords'] } });
    await submitEmail(await passwordUser());
    const input = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('logs an existing user in after a wrong password, ignoring a double submit', async () => {
    const email = await passwordUser();
    const attempts = async () => (await routes()).filter((r) => r === 'POST /passwords/authenticate').length;
    const { host } = renderWidget({
      config: { products: ['passwords'], sessionOptions: { sessionDurationMinutes: 90 } },
    });
    await submitEmail(email);
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

    const held = heldResponse();
    provider.override('POST /passwords/authenticate', held.override);
    typePassword(STRONG_PASSWORD);
    fireEvent.click(continueButton());
    fireEvent.click(continueButton());
    await waitFor(async () => expect(await attempts()).toBe(2));
    held.release();
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(await attempts()).toBe(2);
    expect((await provider.sent()).at(-1)?.body).toEqual({
      email,
      password: STRONG_PASSWORD,
      session_duration_minutes: 90,
    });
    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
    await waitForProvider(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSWORD_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('starts a reset email on reset_password and shows PasswordDedupe', async () => {
    // The provider answers reset_password for a right password it has marked for reset.
    const email = await passwordUser();
    await (
      await provider.db()
    ).query(
      `UPDATE users SET password_requires_reset = true
       WHERE user_id = (SELECT user_id FROM user_emails WHERE email = $1)`,
      [email],
    );
    const { host } = renderWidget({ config: { products: ['passwords'], passwordOptions } });
    await submitEmail(email);
    await screen.findByLabelText('Password');
    typePassword(STRONG_PASSWORD);
    fireEvent.click(continueButton());
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password!' }),
    ).toBeTruthy();
    expect(screen.getByText(`A login link was sent to you at ${email}.`, { exact: false })).toBeTruthy();
    expect((await provider.sent()).at(-1)).toEqual({
      route: 'POST /passwords/email/reset/start',
      body: {
        email,
        login_redirect_url: 'http://localhost:3000/authenticate',
        reset_password_redirect_url: 'http://localhost:3000/reset-password',
        reset_password_expiration_minutes: 20,
      },
    });
    expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual(['PASSWORD_RESET_BY_EMAIL_START']);
    expect(host.setSession).not.toHaveBeenCalled();
    expect((await provider.latestMessage(email)).link).toMatch(/^http:\/\/localhost:3000\/reset-password\?/);
  });

  it('sends a breached password on log in to PasswordBreached', async () => {
    const email = await passwordUser();
    provider.override('POST /passwords/authenticate', errorResponse('breached_password', 400));
    renderWidget({ config: { products: ['passwords'] } });
    await submitEmail(email);
    await screen.findByLabelText('Password');
    typePassword('password123');
    fireEvent.click(continueButton());
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password' }),
    ).toBeTruthy();
    expect((await provider.sent()).at(-1)?.body).toEqual({ email });
    expect(await provider.inbox(email)).toHaveLength(1);
  });

  it('sends a reset link on Forgot Password? and resends it with a toast', async () => {
    const email = await passwordUser();
    const { host } = renderWidget({ config: { products: ['passwords'], passwordOptions } });
    await submitEmail(email);
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByText(`A link to reset your password was sent to you at ${email}.`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    const starts = (await provider.sent()).filter((c) => c.route === 'POST /passwords/email/reset/start');
    expect(starts).toHaveLength(2);
    expect(starts[1]?.body).toEqual(starts[0]?.body);
    expect(await provider.inbox(email)).toHaveLength(2);
    expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
      'PASSWORD_RESET_BY_EMAIL_START',
      'PASSWORD_RESET_BY_EMAIL_START',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('offers a passwordless user a login link or to create a password instead', async () => {
    // A user who signed up by passcode has no password.
    const email = uniqueEmail();
    await provider.call('POST', '/otps/email/login_or_create', { email });
    renderWidget({ config: { products: ['passwords', 'emailMagicLinks'] } });
    const tabs = screen.queryAllByRole('tab');
    expect(tabs).toEqual([]);
    await submitEmail(email);
    expect(await screen.findByRole('button', { name: 'Email me a login link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a login code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create a password instead' }));
    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(screen.getByText(`A login link was sent to you at ${email}.`)).toBeTruthy();
    expect(await routes()).toEqual(['POST /users/search', 'POST /passwords/email/reset/start']);
    expect((await provider.latestMessage(email)).link).toBeTruthy();
  });

  it('lets a new user choose an email login code instead, with the existing passcode flow', async () => {
    const email = uniqueEmail();
    renderWidget({
      config: { products: ['passwords', 'otp'], otpOptions: { methods: ['email', 'sms'] } },
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Email', 'Text']);
    // The tab panel is named 'Email' too, so the field is found by its role.
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: email },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByText('Choose how you would like to create your account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a login link' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a login code' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect((await provider.sent()).at(-1)).toEqual({
      route: 'POST /otps/email/login_or_create',
      body: { email, expiration_minutes: 5 },
    });
    expect((await provider.latestMessage(email)).code).toMatch(/^\d{6}$/);
  });

  it('offers Login without a password on log in when magic links are configured', async () => {
    const email = await passwordUser();
    renderWidget({ config: { products: ['emailMagicLinks', 'passwords'] } });
    await submitEmail(email);
    fireEvent.click(await screen.findByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(`An email was sent to ${email}.`)).toBeTruthy();
    expect((await provider.latestMessage(email)).link).toBeTruthy();
  });

  it('shows the breached message when creating with a breached password', async () => {
    provider.override('POST /passwords', errorResponse('breached_password', 400));
    renderWidget({ config: { products: ['passwords'] } });
    await submitEmail(uniqueEmail());
    await screen.findByLabelText('Password');
    typePassword(STRONG_PASSWORD);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    expect(
      (await screen.findAllByText('Password appears in the list of breached passwords and must be reset.'))
        .length,
    ).toBeGreaterThan(0);
  });
});
