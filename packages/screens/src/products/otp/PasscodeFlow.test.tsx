import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { warmUpScreens } from '../../test/warmUp';
import { enterPasscode, submitEmail, submitPhone } from '../../test/steps';
import { authenticateResponse, errorReply, ok, stubProvider } from '../../test/stubProvider';

const emailOtp = {
  products: ['otp' as const],
  otpOptions: { methods: ['email' as const], expirationMinutes: 10 },
};

describe('one-time passcode flow', () => {
  beforeAll(warmUpScreens, 30_000);

  it('sends an email passcode, verifies it, hands the session to the host and completes', async () => {
    const provider = stubProvider({
      'POST /otps/email/login_or_create': () => ok({ method_id: 'email-test-1' }),
      'POST /otps/authenticate': () => ok(authenticateResponse({ method_id: 'email-test-1' })),
    });
    const { host } = renderWidget({
      fetch: provider.fetch,
      config: { ...emailOtp, sessionOptions: { sessionDurationMinutes: 60 } },
    });
    await submitEmail('ada@example.com');
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(screen.getByText('A 6-digit passcode was sent to you at ada@example.com.')).toBeTruthy();
    expect(screen.getByText('Your code expires in 10:00.')).toBeTruthy();
    expect(provider.calls[0]?.body).toEqual({ email: 'ada@example.com', expiration_minutes: 10 });
    expect(host.emitEvent).toHaveBeenCalledWith({
      type: 'OTP_LOGIN_OR_CREATE',
      data: { method_id: 'email-test-1', request_id: 'request-id-test', status_code: 200 },
    });

    await enterPasscode('12a34 56');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeTruthy();
    expect(provider.calls[1]).toEqual({
      route: 'POST /otps/authenticate',
      body: { token: '123456', method_id: 'email-test-1', session_duration_minutes: 60 },
    });
    const { session_token, session_jwt, session, user } = authenticateResponse();
    expect(host.setSession).toHaveBeenCalledWith({ session_token, session_jwt, session, user });
    await vi.waitFor(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'OTP_LOGIN_OR_CREATE',
        'OTP_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('uses the email OTP validation message', async () => {
    renderWidget({ fetch: stubProvider({}).fetch, config: emailOtp });
    await submitEmail('nope@');
    expect(await screen.findAllByText('Invalid email address.')).toHaveLength(2);
  });

  it('shows a wrong code, clears the boxes and lets the visitor retry', async () => {
    let attempts = 0;
    const provider = stubProvider({
      'POST /otps/email/login_or_create': () => ok({ method_id: 'email-test-1' }),
      'POST /otps/authenticate': () =>
        ++attempts === 1 ? errorReply('otp_code_not_found', 404) : ok(authenticateResponse()),
    });
    const { host } = renderWidget({ fetch: provider.fetch, config: emailOtp });
    await submitEmail('ada@example.com');
    await enterPasscode('000000');
    expect((await screen.findAllByText('Invalid passcode, please try again.')).length).toBeGreaterThan(0);
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'otp_code_not_found' }),
    );
    expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe('');
    await enterPasscode('111111');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it('resends the code and says so', async () => {
    const provider = stubProvider({
      'POST /otps/email/login_or_create': () => ok({ method_id: 'email-test-2' }),
    });
    const { host } = renderWidget({ fetch: provider.fetch, config: emailOtp });
    await submitEmail('ada@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Code sent' })).toBeTruthy();
    expect(provider.calls.filter((c) => c.route === 'POST /otps/email/login_or_create')).toHaveLength(2);
    expect(host.emitEvent.mock.calls.filter(([e]) => e.type === 'OTP_LOGIN_OR_CREATE')).toHaveLength(2);
  });

  it('goes back to Main with the back arrow', async () => {
    const provider = stubProvider({ 'POST /otps/email/login_or_create': () => ok({ method_id: 'm' }) });
    renderWidget({ fetch: provider.fetch, config: emailOtp });
    await submitEmail('ada@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('offers tabs when several methods are configured and sends a text message in E.164', async () => {
    const provider = stubProvider({
      'POST /otps/sms/login_or_create': () => ok({ method_id: 'phone-test-1' }),
    });
    renderWidget({
      fetch: provider.fetch,
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Email', 'Text', 'WhatsApp']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(200));
    await submitPhone('(201) 555-0123');
    expect(await screen.findByText('A 6-digit passcode was sent to you at +12015550123.')).toBeTruthy();
    expect(provider.calls[0]).toEqual({
      route: 'POST /otps/sms/login_or_create',
      body: { phone_number: '+12015550123', expiration_minutes: 5 },
    });
  });

  it('refuses an invalid phone number without calling the provider', async () => {
    const provider = stubProvider({});
    renderWidget({
      fetch: provider.fetch,
      config: { products: ['otp'], otpOptions: { methods: ['whatsapp'] } },
    });
    await submitPhone('12', 'Continue with WhatsApp');
    expect(
      await screen.findByText(
        'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
      ),
    ).toBeTruthy();
    expect(provider.calls).toEqual([]);
  });

  it('formats a national number while typing', async () => {
    renderWidget({
      fetch: stubProvider({}).fetch,
      config: { products: ['otp'], otpOptions: { methods: ['sms'] } },
    });
    const input = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2015550' } });
    await waitFor(() => expect(input.value).toBe('(201) 555-0'));
  });
});
