import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { warmUpScreens } from '../../test/warmUp';
import { enterPasscode, submitEmail, submitPhone } from '../../test/steps';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import { waitForProvider } from '../../test/waitForProvider';

const provider = providerServer();

const emailOtp = {
  products: ['otp' as const],
  otpOptions: { methods: ['email' as const], expirationMinutes: 10 },
};

describe('one-time passcode flow', () => {
  beforeAll(warmUpScreens, 30_000);

  it('sends an email passcode, verifies it, hands the session to the host and completes', async () => {
    const { host } = renderWidget({
      config: { ...emailOtp, sessionOptions: { sessionDurationMinutes: 60 } },
    });
    const email = uniqueEmail();
    await submitEmail(email);
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(screen.getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeTruthy();
    expect(screen.getByText('Your code expires in 10:00.')).toBeTruthy();
    expect((await provider.sent())[0]?.body).toEqual({ email, expiration_minutes: 10 });
    const methodId = host.emitEvent.mock.calls[0]?.[0].data['method_id'];
    expect(methodId).toMatch(/^email-/);
    expect(host.emitEvent).toHaveBeenCalledWith({
      type: 'OTP_LOGIN_OR_CREATE',
      data: { method_id: methodId, request_id: expect.any(String), status_code: 200 },
    });

    // The emailed code, pasted with stray characters the boxes drop.
    const { code = '' } = await provider.latestMessage(email);
    await enterPasscode(`${code.slice(0, 2)}a${code.slice(2, 4)} ${code.slice(4)}`);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeTruthy();
    expect((await provider.sent())[1]).toEqual({
      route: 'POST /otps/authenticate',
      body: { token: code, method_id: methodId, session_duration_minutes: 60 },
    });
    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
    await waitForProvider(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'OTP_LOGIN_OR_CREATE',
        'OTP_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('uses the email OTP validation message', async () => {
    renderWidget({ config: emailOtp });
    await submitEmail('nope@');
    expect(await screen.findAllByText('Invalid email address.')).toHaveLength(2);
  });

  it('shows a wrong code, clears the boxes and lets the visitor retry', async () => {
    const { host } = renderWidget({ config: emailOtp });
    const email = uniqueEmail();
    await submitEmail(email);
    await screen.findByRole('heading', { name: 'Enter passcode' });
    const { code = '' } = await provider.latestMessage(email);
    await enterPasscode(code === '000000' ? '111111' : '000000');
    expect((await screen.findAllByText('Invalid passcode, please try again.')).length).toBeGreaterThan(0);
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'otp_code_not_found' }),
    );
    expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe('');
    await enterPasscode(code);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it('resends the code and says so', async () => {
    const { host } = renderWidget({ config: emailOtp });
    const email = uniqueEmail();
    await submitEmail(email);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Code sent' })).toBeTruthy();
    expect(
      (await provider.sent()).filter((c) => c.route === 'POST /otps/email/login_or_create'),
    ).toHaveLength(2);
    expect(await provider.inbox(email)).toHaveLength(2);
    expect(host.emitEvent.mock.calls.filter(([e]) => e.type === 'OTP_LOGIN_OR_CREATE')).toHaveLength(2);
  });

  it('goes back to Main with the back arrow', async () => {
    renderWidget({ config: emailOtp });
    await submitEmail(uniqueEmail());
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('offers tabs when several methods are configured and sends a text message in E.164', async () => {
    renderWidget({
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
    expect((await provider.sent())[0]).toEqual({
      route: 'POST /otps/sms/login_or_create',
      body: { phone_number: '+12015550123', expiration_minutes: 5 },
    });
    expect((await provider.latestMessage('+12015550123')).code).toMatch(/^\d{6}$/);
  });

  it('Back from the passcode screen keeps the tab, the phone country and the number', async () => {
    renderWidget({
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Text' }));
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(200));
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
    await submitPhone('07400 123456');
    expect(await screen.findByText('A 6-digit passcode was sent to you at +447400123456.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    expect(screen.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    expect(country.value).toBe('GB');
    expect(document.querySelector('.latch-country-face')?.textContent).toBe('GB +44');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('07400 123456');
  });

  it('refuses an invalid phone number without calling the provider', async () => {
    renderWidget({
      config: { products: ['otp'], otpOptions: { methods: ['whatsapp'] } },
    });
    await submitPhone('12', 'Continue with WhatsApp');
    expect(
      await screen.findByText(
        'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
      ),
    ).toBeTruthy();
    expect(await provider.sent()).toEqual([]);
  });

  it('formats a national number while typing', async () => {
    renderWidget({
      config: { products: ['otp'], otpOptions: { methods: ['sms'] } },
    });
    const input = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2015550' } });
    await waitFor(() => expect(input.value).toBe('(201) 555-0'));
  });
});
