import type { CDPSession, Page } from '@playwright/test';

/** A platform authenticator with a resident key and user verification that always says yes. */
const OPTIONS = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;

export interface StoredCredential {
  credentialId: string;
  rpId?: string;
  userHandle?: string;
}

/**
 * Chromium's virtual WebAuthn authenticator, attached to the page: it also serves the widget's
 * cross-origin iframe (notes/testing.md). One authenticator at a time.
 */
export class VirtualAuthenticator {
  private constructor(
    private readonly cdp: CDPSession,
    private id: string,
  ) {}

  static async attach(page: Page): Promise<VirtualAuthenticator> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    return new VirtualAuthenticator(cdp, await VirtualAuthenticator.add(cdp));
  }

  private static async add(cdp: CDPSession): Promise<string> {
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: OPTIONS });
    return authenticatorId;
  }

  /** The credentials the authenticator holds (it keeps them even when the server forgets one). */
  async credentials(): Promise<StoredCredential[]> {
    const { credentials } = await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.id });
    return credentials;
  }

  /**
   * Swaps in a fresh authenticator, as a second device would be: the browser refuses to register a
   * user's passkey twice on one authenticator (excludeCredentials).
   */
  async replaceWithNewDevice(): Promise<void> {
    await this.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: this.id });
    this.id = await VirtualAuthenticator.add(this.cdp);
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}
