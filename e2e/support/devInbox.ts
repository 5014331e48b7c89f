import { expect, type APIRequestContext } from '@playwright/test';
import { AUTH_ORIGIN } from './env';

export interface InboxMessage {
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string;
  body_text: string;
  /**
   * Machine-readable extras the provider adds for tests: `{ token, code, url }`; a password reset
   * email adds its login link as `login_url` and `login_token`.
   */
  metadata: { token?: string; code?: string; url?: string; login_url?: string; login_token?: string };
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

  /** Waits until `count` messages reached `recipient`; answers them newest first. */
  async waitForCount(recipient: string, count: number): Promise<InboxMessage[]> {
    let messages: InboxMessage[] = [];
    await expect
      .poll(async () => (messages = await this.messagesTo(recipient)).length, {
        message: `${count} messages to ${recipient}`,
      })
      .toBe(count);
    return messages;
  }

  /** The passcode of the newest message to `recipient`, once one arrived. */
  async latestCode(recipient: string): Promise<string> {
    const code = (await this.latestTo(recipient)).metadata.code;
    expect(code, `a passcode in the message to ${recipient}`).toMatch(/^\d{6}$/);
    return code ?? '';
  }
}

/** A fresh address per test, so tests never read each other's mail. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
