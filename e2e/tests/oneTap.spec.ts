import { expect, test } from '../fixtures/test';
import type { HostPage } from '../pages/HostPage';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';

/**
 * Google One Tap in the widget against the provider's dev identity provider: the provider serves
 * its stand-in of Google's script (same `google.accounts.id` API and moment notifications), whose
 * credential is an ID token signed with the dev identity provider's keys; the provider verifies it
 * and the page lands on the redirect URL signed in.
 */
const LANDING = `${HOST_ORIGIN}/authenticate`;
const ONE_TAP = {
  products: ['oauth'],
  oauthOptions: {
    providers: [{ type: 'google', one_tap: true }],
    loginRedirectURL: LANDING,
    signupRedirectURL: LANDING,
  },
};
const token = (n: number, kind = 'test') =>
  `public-token-${kind}-e2e-00000000-0000-4000-8000-00000000000${n}`;
const DOCS = 'https://latch.dev/docs/oauth#google-one-tap';

const prompt = (host: HostPage) => host.frame.getByRole('dialog', { name: 'Sign in with Google' });

/**
 * Waits until the One Tap box shows the whole prompt. The box is 47 px high and clips the prompt
 * until it follows the prompt's height (the first changes wait 100 ms). A click aimed at the
 * clipped Continue button can land elsewhere once the box grows, so the prompt then stays open.
 */
async function promptSettled(host: HostPage): Promise<number> {
  await expect(prompt(host)).toBeVisible();
  const promptHeight = await prompt(host).evaluate((el) => el.getBoundingClientRect().height);
  await expect
    .poll(() => host.frame.locator('.latch-one-tap').evaluate((el) => el.getBoundingClientRect().height))
    .toBeCloseTo(promptHeight, 0);
  return promptHeight;
}

test('One Tap: the embedded prompt signs a new visitor up, then the same account signs in again', async ({
  host,
  demo,
  page,
}) => {
  test.slow(); // Two sign-ins, each through the landing page.
  const email = uniqueEmail('one-tap');
  const signIn = async () => {
    await host.open({ config: ONE_TAP });
    await promptSettled(host);
    // Only the One Tap block: no ordinary button while the prompt shows.
    await expect(host.frame.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    const account = prompt(host).getByLabel('Email of your Google account');
    await account.fill(email);
    await expect(account).toHaveValue(email);
    await prompt(host).getByRole('button', { name: 'Continue' }).click();
    // The prompt closes once it has the credential; a prompt still open here failed on its own
    // (its alert says why), before the provider or the landing page had anything to do.
    await expect(prompt(host))
      .toHaveCount(0)
      .catch(async (error: unknown) => {
        const open = await prompt(host).evaluateAll((dialogs) =>
          dialogs.map((d) => `"${d.textContent ?? ''}" email="${d.querySelector('input')?.value ?? ''}"`),
        );
        throw new Error(`the prompt stayed open: ${open.join('; ')}`, { cause: error });
      });
    await expect(page).toHaveURL(new RegExp(`^${LANDING}`));
    await expect(demo.landingStatus()).toHaveText('Signed in.');
    return JSON.parse((await demo.landingResult().textContent()) ?? '{}') as {
      user?: {
        user_id?: string;
        emails?: { email: string; verified: boolean }[];
        providers?: { provider_type: string }[];
      };
    };
  };
  const first = await test.step('first sign-in creates the user', signIn);
  expect(first.user?.emails).toEqual([expect.objectContaining({ email, verified: true })]);
  expect(first.user?.providers).toEqual([expect.objectContaining({ provider_type: 'google' })]);
  const names = (await page.context().cookies(`${HOST_ORIGIN}/`)).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  const second = await test.step('the same account signs in as the same user', signIn);
  expect(second.user?.user_id).toBe(first.user?.user_id);
});

test('One Tap: the embedded box follows the height of the prompt', async ({ host }) => {
  await host.open({ config: ONE_TAP });
  // Once settled the box is exactly the prompt's height, which is more than the first 47 px.
  expect(await promptSettled(host)).toBeGreaterThan(47);
});

test('One Tap: closing the prompt leaves the ordinary Google button, and nothing is reported', async ({
  host,
  demo,
  page,
}) => {
  await host.open({ config: ONE_TAP });
  await promptSettled(host);
  await prompt(host).getByRole('button', { name: 'Close' }).click();
  await expect(prompt(host)).toHaveCount(0);
  const button = host.frame.getByRole('button', { name: 'Continue with Google' });
  await expect(button).toBeVisible();
  expect(await host.errorMessages()).toEqual([]);
  await test.step('the button still signs in through the redirect flow', async () => {
    await button.click();
    await page.getByLabel('Email of your Google account').fill(uniqueEmail('one-tap-cancel'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(demo.landingStatus()).toHaveText('Signed in.');
  });
});

const ERRORS = [
  {
    state: 'origin not allowed',
    token: token(6),
    config: ONE_TAP,
    message: `One Tap cannot render because the origin ${AUTH_ORIGIN} is not one of the Authorized JavaScript origins of the project's Google client. The widget runs on the authentication origin: add ${AUTH_ORIGIN} to the client in the Google Cloud console (APIs & Services → Credentials). Learn more: ${DOCS}`,
  },
  {
    state: 'invalid client',
    token: token(5),
    config: ONE_TAP,
    message: `One Tap cannot render because Google does not recognize the client ID configured for this project. Check that the client_id of the project's google provider (oauth_providers) matches the client ID in the Google Cloud console. Learn more: ${DOCS}`,
  },
  {
    state: 'no OAuth config',
    token: token(2),
    config: ONE_TAP,
    message: `One Tap cannot render because no Google OAuth client with One Tap is configured for this project. Add "one_tap": true to the project's google provider (oauth_providers). Learn more: ${DOCS}`,
  },
  {
    state: 'no login redirect URLs',
    token: token(4),
    config: ONE_TAP,
    message: `One Tap cannot render because no redirect URL of this project matches oauthOptions.loginRedirectURL, so the login redirect URL cannot be verified. Add it to the project's redirect_urls. Learn more: ${DOCS}`,
  },
  {
    state: 'no signup redirect URLs',
    token: undefined,
    config: {
      ...ONE_TAP,
      oauthOptions: { ...ONE_TAP.oauthOptions, signupRedirectURL: `${HOST_ORIGIN}/not-listed` },
    },
    message: `One Tap cannot render because no redirect URL of this project matches oauthOptions.signupRedirectURL, so the signup redirect URL cannot be verified. Add it to the project's redirect_urls. Learn more: ${DOCS}`,
  },
  {
    state: 'default provider not allowed',
    token: token(7, 'live'),
    config: ONE_TAP,
    message: `One Tap cannot render because the dev identity provider is not compatible with One Tap outside test projects. Configure your own Google client (client_id and client_secret_env) for the project's google provider. Learn more: ${DOCS}`,
  },
];

for (const error of ERRORS) {
  test(`One Tap configuration error: ${error.state} shows its message and reaches onError`, async ({
    host,
  }) => {
    await host.open({ config: error.config, ...(error.token ? { token: error.token } : {}) });
    const alert = host.frame.getByRole('alert').filter({ hasText: 'One Tap cannot render' });
    await expect(alert).toHaveText(error.message);
    // The link to the documentation is clickable; the ordinary Google button stays.
    await expect(alert.getByRole('link', { name: DOCS })).toHaveAttribute('href', DOCS);
    await expect(host.frame.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(prompt(host)).toHaveCount(0);
    await expect.poll(() => host.errorMessages()).toEqual([error.message]);
  });
}
