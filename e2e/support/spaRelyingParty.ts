import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { HOST_ORIGIN } from './env';
import { ISSUER } from './relyingParty';

/** The e2e project's browser client (public, PKCE): one page is its callback and post-logout URI. */
export const SPA_APP = {
  clientId: 'connected-app-test-e2e-spa',
  page: `${HOST_ORIGIN}/fixtures/spa-rp.html`,
};

/** The library's browser build, from the installed package (its exports name only package.json). */
const bundle = (): string => {
  const root = dirname(createRequire(import.meta.url).resolve('oidc-client-ts/package.json'));
  return readFileSync(join(root, 'dist/browser/oidc-client-ts.min.js'), 'utf8');
};

/**
 * Makes e2e/fixtures/pages/spa-rp.html a single-page relying party: oidc-client-ts's own browser
 * build and a UserManager configured by discovery on `window.rp` (the library on `window.oidc`, for
 * managers of other settings), in that page only.
 */
export async function serveSpa(page: Page): Promise<void> {
  const settings = {
    authority: ISSUER.href,
    client_id: SPA_APP.clientId,
    redirect_uri: SPA_APP.page,
    post_logout_redirect_uri: SPA_APP.page,
    scope: 'openid email',
  };
  await page.addInitScript(`if (location.origin + location.pathname === ${JSON.stringify(SPA_APP.page)}) {
${bundle()}
window.rp = new oidc.UserManager(${JSON.stringify(settings)});
window.oidc = oidc;
}`);
}
