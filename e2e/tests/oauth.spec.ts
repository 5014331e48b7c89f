import { expect, test } from '../fixtures/test';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';

const LANDING = `${HOST_ORIGIN}/authenticate`;
const OAUTH = {
  products: ['oauth', 'emailMagicLinks'],
  emailMagicLinksOptions: {},
  oauthOptions: {
    providers: [{ type: 'google' }, { type: 'github', custom_scopes: ['read:user'] }],
    loginRedirectURL: LANDING,
    signupRedirectURL: LANDING,
  },
};

test('Continue with Google: the dev identity provider signs the visitor up, then in again as the same user', async ({
  host,
  demo,
  page,
}) => {
  test.slow(); // Two round trips through the identity provider.
  const email = uniqueEmail('oauth');
  const signInWithGoogle = async () => {
    await host.open({ config: OAUTH });
    await host.frame.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(new RegExp(`^${AUTH_ORIGIN}/dev/oauth/google/authorize\\?`));
    await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await page.getByLabel('Email of your Google account').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`^${LANDING}`));
    await expect(demo.landingStatus()).toHaveText('Signed in.');
    await expect(demo.landingResult()).toContainText(email);
    const shown = JSON.parse((await demo.landingResult().textContent()) ?? '{}') as {
      user?: { user_id?: string };
    };
    return shown.user?.user_id;
  };

  await test.step('Main shows a button per provider, above the email form, with a divider', async () => {
    await host.open({ config: OAUTH });
    const buttons = host.frame.getByRole('button', { name: /^Continue with / });
    await expect(buttons).toHaveText(['Continue with Google', 'Continue with Github', 'Continue with email']);
    await expect(host.frame.getByText('or', { exact: true })).toBeVisible();
  });

  const first = await test.step(
    'first sign-in: a new account, signed in on the landing page',
    signInWithGoogle,
  );
  await test.step('the token left the landing URL and the host holds the session cookies', async () => {
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    const names = (await page.context().cookies(`${HOST_ORIGIN}/`)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  });
  const second = await test.step('second sign-in with the same Google account', signInWithGoogle);
  expect(second).toMatch(/^user-test-/);
  expect(second).toBe(first);
});

test('the landing page refuses an OAuth token used twice', async ({ host, demo, page }) => {
  await host.open({ config: OAUTH });
  // Google: the fixture's dev identity provider (its Github is the GitHub-shaped stand-in, oauthUpstream.spec.ts).
  await host.frame.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email of your Google account').fill(uniqueEmail('oauth-replay'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(demo.landingStatus()).toHaveText('Signed in.');
  const landingWithToken = await page.evaluate(
    () => performance.getEntriesByType('navigation')[0]?.name ?? '',
  );
  expect(new URL(landingWithToken).searchParams.get('stytch_token_type')).toBe('oauth');
  await page.context().clearCookies();
  await page.goto(landingWithToken);
  await expect(demo.landingStatus()).toHaveText('Sign-in failed: OAuth Token could not be found.');
});
