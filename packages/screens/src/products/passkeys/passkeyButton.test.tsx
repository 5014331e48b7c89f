import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { errorResponse } from '@latch/msw';
import { providerServer } from '../../test/providerServer';
import { domError, installFakeWebAuthn, type FakeWebAuthn } from '../../test/passkeys/fakeWebAuthn';
import {
  emlAndPasskeys,
  NOT_FOUND,
  passkeyUser,
  settle,
  UNKNOWN,
  warmUp,
} from '../../test/passkeys/loginFixtures';
import { waitForProvider } from '../../test/waitForProvider';

const provider = providerServer();

let fake: FakeWebAuthn | null = null;
afterEach(() => {
  fake?.restore();
  fake = null;
});

beforeAll(warmUp);

describe('passkey button on Main', () => {
  it('is shown when the browser has no passkey autofill, first, and the email field stays plain', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    renderWidget({ config: emlAndPasskeys });
    const button = await screen.findByRole('button', { name: 'Login with a Passkey' });
    const email = await screen.findByLabelText('Email');
    expect(button.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(email.getAttribute('autocomplete')).toBe('email');
  });

  it('gives way to autofill when the browser supports it and there is an email field', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    renderWidget({ config: emlAndPasskeys });
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('autocomplete')).toBe('username webauthn'));
    await settle();
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
  });

  it('is shown with autofill support when no product has an email field', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    renderWidget({
      config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } },
    });
    expect(await screen.findByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
  });

  it('is absent without the passkeys product, and the field asks for no passkeys', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    renderWidget({ config: { products: ['emailMagicLinks'] } });
    const email = await screen.findByLabelText('Email');
    await settle();
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    expect(fake.get).not.toHaveBeenCalled();
    expect(await provider.sent()).toEqual([]);
  });
});

describe('passkey sign-in with the button', () => {
  it('signs in, hands the session to the host and shows the confirmation', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    const { email, registrationId } = await passkeyUser(provider, fake.authenticator);
    const { host } = renderWidget({
      config: {
        ...emlAndPasskeys,
        // The one RP ID valid for the test's auth origin; passkeyConfig.test.ts covers other domains.
        passkeyOptions: { domain: 'localhost' },
        sessionOptions: { sessionDurationMinutes: 45 },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('Your Passkey has been successfully authenticated.')).toBeTruthy();

    const sent = await provider.sent();
    expect(sent[0]).toEqual({
      route: 'POST /webauthn/authenticate/start/primary',
      body: { domain: 'localhost', return_passkey_credential_options: true },
    });
    const request = fake.get.mock.calls[0]?.[0];
    expect(request?.mediation).toBeUndefined();
    const finish = sent[1];
    expect(finish?.route).toBe('POST /webauthn/authenticate');
    expect(finish?.body).toEqual({ public_key_credential: expect.any(String), session_duration_minutes: 45 });
    const credential: unknown = JSON.parse(
      (finish?.body as { public_key_credential: string }).public_key_credential,
    );
    expect(credential).toMatchObject({
      id: fake.authenticator.credentialId,
      type: 'public-key',
      response: { signature: expect.any(String) },
    });

    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
    await waitForProvider(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSKEY_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
    expect(host.emitEvent.mock.calls[0]?.[0].data).toMatchObject({
      webauthn_registration_id: registrationId,
    });
  });

  it('uses the frame host name as the domain and 30 minutes by default', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    await passkeyUser(provider, fake.authenticator);
    renderWidget({ config: emlAndPasskeys });
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    await screen.findByRole('heading', { name: 'Success!' });
    const sent = await provider.sent();
    expect(sent[0]?.body).toEqual({
      domain: location.hostname,
      return_passkey_credential_options: true,
    });
    expect(sent[1]?.body).toMatchObject({ session_duration_minutes: 30 });
  });

  it('explains a passkey the account no longer has, in the banner, and reports it', async () => {
    // The authenticator still holds a passkey the provider never registered.
    fake = installFakeWebAuthn({ autofill: false });
    const { host } = renderWidget({ config: emlAndPasskeys });
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    const banner = await screen.findByText(NOT_FOUND);
    expect(banner.getAttribute('role')).toBe('alert');
    expect(host.reportError).toHaveBeenCalledWith({
      message: NOT_FOUND,
      error_type: 'webauthn_registration_not_found',
      status_code: 404,
    });
    expect(host.setSession).not.toHaveBeenCalled();
  });

  it('shows the unknown-error message for another API error and for an empty answer', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    await passkeyUser(provider, fake.authenticator);
    provider.override('POST /webauthn/authenticate', errorResponse('webauthn_verification_failed', 401));
    renderWidget({ config: emlAndPasskeys });
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    expect(await screen.findByText(UNKNOWN)).toBeTruthy();

    // An answer without the session: a broken provider or proxy, not one this provider gives.
    provider.override('POST /webauthn/authenticate', () => Response.json({ data: {} }));
    fireEvent.click(screen.getByRole('button', { name: 'Login with a Passkey' }));
    await waitFor(async () =>
      expect((await provider.sent()).filter((c) => c.route === 'POST /webauthn/authenticate')).toHaveLength(
        2,
      ),
    );
    expect(await screen.findByText(UNKNOWN)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
  });

  it('stays quiet when the visitor closes the browser prompt', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    fake.get.mockRejectedValueOnce(
      domError('NotAllowedError', 'The operation either timed out or was not allowed.'),
    );
    const { host } = renderWidget({ config: emlAndPasskeys });
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(1));
    await settle();
    expect(screen.queryByText(UNKNOWN)).toBeNull();
    expect(host.reportError).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Login with a Passkey' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
