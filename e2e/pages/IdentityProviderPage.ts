import { expect, type FrameLocator, type Page } from '@playwright/test';
import { HOST_ORIGIN } from '../support/env';

export const IDP_CLIENT_ID = 'connected-app-test-e2e-notes';
/** The e2e client's registered redirect URI and post-logout URI (a page of the demo host). */
export const IDP_REDIRECT_URI = `${HOST_ORIGIN}/third-party-app`;

/**
 * The fixture host page mounting the identity-provider screen, with an OAuth request in its own
 * query string (the screen reads the flow from there), and the consent / logout screens in it.
 */
export class IdentityProviderPage {
  readonly frame: FrameLocator;

  constructor(readonly page: Page) {
    this.frame = page.frameLocator('iframe');
  }

  /** Opens the host page with `params` (authorize or logout) next to the mount options. */
  async open(params: Record<string, string>): Promise<void> {
    const query = new URLSearchParams({ kind: 'identity-provider', ...params });
    await this.page.goto(`${HOST_ORIGIN}/fixtures/host.html?${query.toString()}`);
  }

  /** An authorize request of the e2e client; `patch` replaces or (with '') drops parameters. */
  async openAuthorize(patch: Record<string, string> = {}): Promise<void> {
    const params: Record<string, string> = {
      client_id: IDP_CLIENT_ID,
      redirect_uri: IDP_REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email read:notes',
      state: 'e2e-state',
      ...patch,
    };
    await this.open(Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')));
  }

  async openLogout(): Promise<void> {
    await this.open({ client_id: IDP_CLIENT_ID, post_logout_redirect_uri: IDP_REDIRECT_URI, state: 'bye' });
  }

  /** The message of the error or notice screen (the live region repeats it; this is the visible one). */
  message() {
    return this.frame.locator('.latch-idp p');
  }

  async expectConsent(title: string): Promise<void> {
    await expect(this.frame.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(this.frame.getByRole('button', { name: 'Allow' })).toBeVisible();
  }

  /** The texts of the scopes the visitor can grant, in order. */
  grantableScopes() {
    return this.frame.locator('.latch-idp-scopes li');
  }

  /** Opens the box of scopes the visitor cannot grant and answers its list. */
  async openUngrantable() {
    const box = this.frame.locator('details.latch-idp-ungrantable');
    await box.locator('summary').click();
    return box.locator('li');
  }

  async allow(): Promise<void> {
    await this.frame.getByRole('button', { name: 'Allow' }).click();
  }

  async deny(): Promise<void> {
    await this.frame.getByRole('button', { name: 'Deny' }).click();
  }

  /** Waits until the host page itself has gone to the client's redirect URI; answers its query. */
  async redirectedQuery(): Promise<URLSearchParams> {
    await this.page.waitForURL((url) => `${url.origin}${url.pathname}` === IDP_REDIRECT_URI);
    return new URL(this.page.url()).searchParams;
  }
}
