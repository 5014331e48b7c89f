import type { Page } from '@playwright/test';
import { expect } from '../fixtures/test';
import type { DemoPage } from '../pages/DemoPage';
import type { HostPage } from '../pages/HostPage';
import { HOST_ORIGIN } from './env';

/** The demo's landing page: where every OAuth test's sign-in ends. */
export const OAUTH_LANDING = `${HOST_ORIGIN}/authenticate`;

/**
 * An OAuth mount with the dev Google first and `providerTypes` after it, both redirect URLs on
 * the demo's landing page, and email magic links beside it; `options` adds to `oauthOptions`.
 */
export const oauthConfig = (providerTypes: readonly string[], options: Record<string, unknown> = {}) => ({
  products: ['oauth', 'emailMagicLinks'],
  emailMagicLinksOptions: {},
  oauthOptions: {
    providers: [{ type: 'google' }, ...providerTypes.map((type) => ({ type }))],
    loginRedirectURL: OAUTH_LANDING,
    signupRedirectURL: OAUTH_LANDING,
    ...options,
  },
});

/** The visitor signs up with the dev Google as `email` and lands signed in on the demo. */
export async function signUpWithDevGoogle(
  host: HostPage,
  demo: DemoPage,
  page: Page,
  config: Record<string, unknown>,
  email: string,
): Promise<void> {
  await host.open({ config });
  await host.frame.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email of your Google account').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(demo.landingStatus()).toHaveText('Signed in.');
}
