import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { magicLinkEmailAtom } from '../../state/formAtoms';
import { renderWidget } from '../../test/renderWidget';
import { warmUpScreens } from '../../test/warmUp';
import { submitEmail } from '../../test/steps';
import { errorResponse, heldResponse, mswConfig, networkError } from '@latch/msw';
import { uniqueEmail, providerServer } from '../../test/providerServer';

// The project also lets magic links land on a sign-up page of their own.
const config = mswConfig();
config.projects[0]?.redirect_urls.push('http://localhost:3000/welcome');
const provider = providerServer({ config });

describe('email magic link flow', () => {
  beforeAll(warmUpScreens, 30_000);

  it('sends the link with mapped options and shows the confirmation', async () => {
    const email = uniqueEmail();
    const { host, eventLog, store } = renderWidget({
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
    await submitEmail(email);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(`An email was sent to ${email}.`)).toBeTruthy();
    // A new address: the provider emailed the sign-up link.
    expect((await provider.latestMessage(email)).link).toMatch(/^http:\/\/localhost:3000\/welcome\?/);
    expect((await provider.sent())[0]?.body).toEqual({
      email,
      login_magic_link_url: 'http://localhost:3000/authenticate',
      signup_magic_link_url: 'http://localhost:3000/welcome',
      login_expiration_minutes: 30,
      signup_expiration_minutes: 60,
      create_user_as_pending: true,
      locale: 'es',
    });
    expect(host.emitEvent).toHaveBeenCalledWith({
      type: 'MAGIC_LINK_LOGIN_OR_CREATE',
      data: { request_id: expect.any(String), status_code: 200, email },
    });
    expect(eventLog.log).toHaveBeenCalledWith('email_sent', {
      email,
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
      email,
      type: 'login_or_create_eml',
    });
  });

  it('checks the email format before calling the provider', async () => {
    renderWidget();
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
    expect(await provider.sent()).toEqual([]);
  });

  it('maps a provider error, reports it to the host and keeps the email', async () => {
    provider.override('POST /magic_links/email/login_or_create', errorResponse('inactive_email', 400));
    const { host } = renderWidget();
    const email = uniqueEmail();
    await submitEmail(email);
    const message = 'The email address is marked as inactive. Try another or contact your admin.';
    expect(await screen.findAllByText(message)).toHaveLength(2); // under the field and in the live region
    expect(host.reportError).toHaveBeenCalledWith({
      message,
      error_type: 'inactive_email',
      status_code: 400,
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
  });

  it('shows a clear message on a network drop and keeps what was typed', async () => {
    provider.override('POST /magic_links/email/login_or_create', networkError());
    renderWidget();
    const email = uniqueEmail();
    await submitEmail(email);
    expect(
      (
        await screen.findAllByText(
          'The sign-in service could not be reached. Check your connection and try again.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
  });

  it('ignores a second submit while the first is in flight', async () => {
    const held = heldResponse();
    provider.override('POST /magic_links/email/login_or_create', held.override);
    renderWidget();
    const email = uniqueEmail();
    await submitEmail(email);
    fireEvent.submit(screen.getByRole('button', { name: 'Continue with email' }));
    await waitFor(async () => expect(await provider.sent()).toHaveLength(1));
    held.release();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(await provider.sent()).toHaveLength(1);
    expect(await provider.inbox(email)).toHaveLength(1);
  });
});
