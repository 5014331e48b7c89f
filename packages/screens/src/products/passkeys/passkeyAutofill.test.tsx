import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { submitEmail } from '../../test/steps';
import { errorReply, ok } from '../../test/stubProvider';
import { assertion, domError, installFakeWebAuthn, type FakeWebAuthn } from './fakeWebAuthn';
import {
  emlAndPasskeys,
  NOT_FOUND,
  passkeyProvider,
  settle,
  startCalls,
  UNKNOWN,
  warmUp,
} from './loginFixtures';
import { PASSKEY_AUTOFILL_ATTEMPTS } from './usePasskeyAutofill';

let fake: FakeWebAuthn | null = null;
afterEach(() => {
  fake?.restore();
  fake = null;
});

beforeAll(warmUp);

describe('passkey sign-in through the email field autofill', () => {
  it('signs in when the visitor picks a passkey from the autofill', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    fake.get.mockImplementation(() => Promise.resolve(assertion()));
    const { host } = renderWidget({ fetch: passkeyProvider().fetch, config: emlAndPasskeys });
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(fake.get.mock.calls[0]?.[0].mediation).toBe('conditional');
    await vi.waitFor(() =>
      expect(host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'PASSKEY_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it(`asks at most ${PASSKEY_AUTOFILL_ATTEMPTS} times when each attempt fails`, async () => {
    fake = installFakeWebAuthn({ autofill: true });
    fake.get.mockImplementation(() => Promise.resolve(assertion()));
    const provider = passkeyProvider(() => errorReply('webauthn_registration_not_found', 404));
    const { host } = renderWidget({ fetch: provider.fetch, config: emlAndPasskeys });
    await waitFor(() => expect(startCalls(provider)).toHaveLength(5));
    await settle();
    expect(startCalls(provider)).toHaveLength(5);
    expect(fake.get).toHaveBeenCalledTimes(5);
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(host.reportError).toHaveBeenCalledTimes(5);
  });

  it('aborts the pending request when the visitor leaves Main', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    const { unmount } = renderWidget({ fetch: passkeyProvider().fetch, config: emlAndPasskeys });
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(1));
    const signal = fake.get.mock.calls[0]?.[0].signal;
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('aborts on submit, and asks again when the submit leaves the visitor on the form', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    let magicLink = errorReply('inactive_email');
    const provider = passkeyProvider();
    provider.routes['POST /magic_links/email/login_or_create'] = () => magicLink;
    const { host } = renderWidget({ fetch: provider.fetch, config: emlAndPasskeys });
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(1));
    const first = fake.get.mock.calls[0]?.[0].signal;
    await submitEmail('ada@example.com');
    expect(first?.aborted).toBe(true);
    await screen.findAllByText('The email address is marked as inactive. Try another or contact your admin.');
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(2));
    const second = fake.get.mock.calls[1]?.[0].signal;

    magicLink = ok({});
    await submitEmail('ada@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(second?.aborted).toBe(true);
    expect(host.reportError.mock.calls.every(([e]) => e.error_type === 'inactive_email')).toBe(true);
  });

  it('stays quiet and stops asking when the browser refuses', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    fake.get.mockRejectedValue(domError('NotAllowedError'));
    const provider = passkeyProvider();
    const { host } = renderWidget({ fetch: provider.fetch, config: emlAndPasskeys });
    await waitFor(() => expect(fake?.get).toHaveBeenCalledTimes(1));
    await settle();
    expect(fake.get).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(UNKNOWN)).toBeNull();
    expect(host.reportError).not.toHaveBeenCalled();
  });
});
