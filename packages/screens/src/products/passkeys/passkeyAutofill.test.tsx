import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { submitEmail } from '../../test/steps';
import { errorResponse } from '@latch/msw';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import {
  domError,
  installFakeWebAuthn,
  pickFromAutofill,
  type FakeWebAuthn,
} from '../../test/passkeys/fakeWebAuthn';
import {
  emlAndPasskeys,
  NOT_FOUND,
  passkeyUser,
  settle,
  startCalls,
  UNKNOWN,
  warmUp,
} from '../../test/passkeys/loginFixtures';

const provider = providerServer();
import { PASSKEY_AUTOFILL_ATTEMPTS } from './usePasskeyAutofill';
import { waitForProvider } from '../../test/waitForProvider';

let fake: FakeWebAuthn | null = null;
afterEach(() => {
  fake?.restore();
  fake = null;
});

beforeAll(warmUp);

describe('passkey sign-in through the email field autofill', () => {
  it('signs in when the visitor picks a passkey from the autofill', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    const { email } = await passkeyUser(provider, fake.authenticator);
    pickFromAutofill(fake);
    const { host } = renderWidget({ config: emlAndPasskeys });
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
    expect(fake.get.mock.calls[0]?.[0].mediation).toBe('conditional');
    await waitForProvider(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSKEY_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it(`asks at most ${PASSKEY_AUTOFILL_ATTEMPTS} times when each attempt fails`, async () => {
    // The authenticator offers a passkey the provider never registered.
    fake = installFakeWebAuthn({ autofill: true });
    pickFromAutofill(fake);
    const { host } = renderWidget({ config: emlAndPasskeys });
    await waitFor(async () => expect(await startCalls(provider)).toHaveLength(5));
    await settle();
    expect(await startCalls(provider)).toHaveLength(5);
    expect(fake.get).toHaveBeenCalledTimes(5);
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(host.reportError).toHaveBeenCalledTimes(5);
  });

  it('aborts the pending request when the visitor leaves Main', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    const { unmount } = renderWidget({ config: emlAndPasskeys });
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(1));
    const signal = fake.get.mock.calls[0]?.[0].signal;
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('aborts on submit, and asks again when the submit leaves the visitor on the form', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    provider.override('POST /magic_links/email/login_or_create', errorResponse('inactive_email', 400));
    const { host } = renderWidget({ config: emlAndPasskeys });
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(1));
    const first = fake.get.mock.calls[0]?.[0].signal;
    const email = uniqueEmail();
    await submitEmail(email);
    expect(first?.aborted).toBe(true);
    await screen.findAllByText('The email address is marked as inactive. Try another or contact your admin.');
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(2));
    const second = fake.get.mock.calls[1]?.[0].signal;

    provider.server.resetHandlers();
    await submitEmail(email);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(second?.aborted).toBe(true);
    expect(host.reportError.mock.calls.every(([e]) => e.error_type === 'inactive_email')).toBe(true);
  });

  it('stays quiet and stops asking when the browser refuses', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    fake.get.mockRejectedValue(domError('NotAllowedError'));
    const { host } = renderWidget({ config: emlAndPasskeys });
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(1));
    await settle();
    expect(fake.get).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(UNKNOWN)).toBeNull();
    expect(host.reportError).not.toHaveBeenCalled();
  });
});
