/**
 * Web-mail links for the confirmation screen. Gmail and Yahoo search for mail from the project's
 * sending domain (bootstrap `email_domains`) when one is known; otherwise they open the inbox.
 * Outlook.com has no search URL, so it always opens the inbox.
 */
export function mailLinks(senderDomain: string | undefined) {
  // Encoded once: each site decodes its URL once, so a second pass would search for '%3A%40…'.
  const from = senderDomain ? encodeURIComponent(`from:@${senderDomain}`) : '';
  return {
    gmail: from
      ? `https://mail.google.com/mail/u/0/#search/${from}+in%3Aanywhere`
      : 'https://mail.google.com/mail/u/0/#inbox',
    yahoo: from ? `https://mail.yahoo.com/d/search/keyword=${from}` : 'https://mail.yahoo.com/',
    outlook: 'https://outlook.live.com/mail/0/inbox',
  };
}
