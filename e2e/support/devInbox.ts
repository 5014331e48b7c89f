import { expect, type APIRequestContext } from '@playwright/test';
import { AUTH_ORIGIN } from './env';

export interface InboxMessage {
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string;
  body_text: string;
  /** Machine-readable extras the provider adds for tests: `{ token, code, url }`. */
  metadata: { token?: string; code?: string; url?: string };
  created_at: string;
}

/** The provider's dev inbox (test projects only): what it "sent" to a recipient. */
export class DevInbox {
  constructor(private readonly request: APIRequestContext) {}

  async messagesTo(recipient: string): Promise<InboxMessage[]> {
    const response = await this.request.get(
      `${AUTH_ORIGIN}/dev/inbox.json?to=${encodeURIComponent(recipient)}`,
    );
    expect(response.ok()).toBe(true);
    return (await response.json()) as InboxMessage[];
  }

  /** Waits until a message reaches `recipient` and returns the newest one. */
  async latestTo(recipient: string): Promise<InboxMessage> {
    let latest: InboxMessage | undefined;
    await expect
      .poll(async () => {
        const messages = await this.messagesTo(recipient);
        latest = messages.sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
        return latest !== undefined;
      })
      .toBe(true);
    if (!latest) throw new Error(`No message to ${recipient}`);
    return latest;
  }
}

/** A fresh address per test, so tests never read each other's mail. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
