import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { magicLinkEmailAtom } from '../../state/formAtoms';
import { renderWidget } from '../../test/renderWidget';
import { warmUpScreens } from '../../test/warmUp';
import { submitEmail } from '../../test/steps';
import { errorReply, ok, stubProvider, type StubReply } from '../../test/stubProvider';

describe('email magic link flow', () => {
  beforeAll(warmUpScreens, 30_000);

  it('sends the link with mapped options and shows the confirmation', async () => {
    const provider = stubProvider({ 'POST /magic_links/email/login_or_create': () => ok({}) });
    const { host, eventLog, store } = renderWidget({
      fetch: provider.fetch,
      config: {
        products: ['emailMagicLinks'],
        emailMagicLinksOptions: {
          loginRedirectURL: 'http://localhost:3000/authenticate',
          signupRedirectURL: 'http://localhost:3000/welcome',
          signupExpirationMinutes: 60,
          createUserAsPending: true,
          locale: 'es',
        },
      },
      bootstrap: { emailDomains: ['mail.latch.test'] },
    });
    await submitEmail('ada@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('An email was sent to ada@example.com.')).toBeTruthy();
    expect(provider.calls[0]?.body).toEqual({
      email: 'ada@example.com',
      login_magic_link_url: 'http://localhost:3000/authenticate',
      signup_magic_link_url: 'http://localhost:3000/welcome',
      login_expiration_minutes: 30,
      signup_expiration_minutes: 60,
      create_user_as_pending: true,
      locale: 'es',
    });
    expect(host.emitEvent).toHaveBeenCalledWith({
      type: 'MAGIC_LINK_LOGIN_OR_CREATE',
      data: { request_id: 'request-id-test', status_code: 200, email: 'ada@example.com' },
    });
    expect(eventLog.log).toHaveBeenCalledWith('email_sent', {
      email: 'ada@example.com',
      type: 'login_or_create_eml',
    });
    expect(screen.getByRole('link', { name: 'Open Gmail' }).getAttribute('href')).toContain(
      'mail.latch.test',
    );
    expect(screen.getByRole('link', { name: 'Open Outlook' }).getAttribute('href')).toBe(
      'https://outlook.live.com/mail/0/inbox',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(store.get(magicLinkEmailAtom)).toBe('');
    expect(eventLog.log).toHaveBeenCalledWith('email_try_again_clicked', {
      email: 'ada@example.com',
      type: 'login_or_create_eml',
    });
  });

  it('checks the email format before calling the provider', async () => {
    const provider = stubProvider({});
    renderWidget({ fetch: provider.fetch });
    await submitEmail('not-an-email');
    // Under the field (its description) and in the live region, which announces it.
    expect(await screen.findAllByText('Email format is invalid.')).toHaveLength(2);
    const field = screen.getByLabelText('Email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = () => document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(describedBy()?.textContent).toBe('Email format is invalid.');
    expect(screen.getByRole('alert').textContent).toBe('Email format is invalid.');
    await submitEmail('');
    await waitFor(() => expect(describedBy()?.textContent).toBe('This field is required.'));
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
    expect(provider.calls).toEqual([]);
  });

  it('maps a provider error, reports it to the host and keeps the email', async () => {
    const provider = stubProvider({
      'POST /magic_links/email/login_or_create': () => errorReply('inactive_email'),
    });
    const { host } = renderWidget({ fetch: provider.fetch });
    await submitEmail('ada@example.com');
    const message = 'The email address is marked as inactive. Try another or contact your admin.';
    expect(await screen.findAllByText(message)).toHaveLength(2); // under the field and in the live region
    expect(host.reportError).toHaveBeenCalledWith({
      message,
      error_type: 'inactive_email',
      status_code: 400,
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('shows a clear message on a network drop and keeps what was typed', async () => {
    const provider = stubProvider({ 'POST /magic_links/email/login_or_create': () => 'network-error' });
    renderWidget({ fetch: provider.fetch });
    await submitEmail('ada@example.com');
    expect(
      (
        await screen.findAllByText(
          'The sign-in service could not be reached. Check your connection and try again.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('ignores a second submit while the first is in flight', async () => {
    let release: (reply: StubReply) => void = () => undefined;
    const provider = stubProvider({
      'POST /magic_links/email/login_or_create': () =>
        new Promise<StubReply>((resolve) => (release = resolve)),
    });
    renderWidget({ fetch: provider.fetch });
    await submitEmail('ada@example.com');
    fireEvent.submit(screen.getByRole('button', { name: 'Continue with email' }));
    await waitFor(() => expect(provider.calls).toHaveLength(1));
    release(ok({}));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(provider.calls).toHaveLength(1);
  });
});
