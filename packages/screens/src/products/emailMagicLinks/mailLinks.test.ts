import { describe, expect, it } from 'vitest';
import { mailLinks } from './mailLinks';

describe('web-mail links', () => {
  it('searches Gmail and Yahoo for mail from the sending domain, each encoded once', () => {
    expect(mailLinks('mail.example.com')).toEqual({
      gmail: 'https://mail.google.com/mail/u/0/#search/from%3A%40mail.example.com+in%3Aanywhere',
      yahoo: 'https://mail.yahoo.com/d/search/keyword=from%3A%40mail.example.com',
      outlook: 'https://outlook.live.com/mail/0/inbox',
    });
  });

  it('opens the inboxes when no sending domain is known', () => {
    expect(mailLinks(undefined)).toEqual({
      gmail: 'https://mail.google.com/mail/u/0/#inbox',
      yahoo: 'https://mail.yahoo.com/',
      outlook: 'https://outlook.live.com/mail/0/inbox',
    });
  });
});
