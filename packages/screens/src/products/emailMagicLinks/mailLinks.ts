/**
 * Web-mail links for the confirmation screen. Gmail and Yahoo search for mail from the project's
 * sending domain (bootstrap `email_domains`) when one is known; otherwise they open the inbox.
 */
export function mailLinks(senderDomain: string | undefined) {
  const from = senderDomain ? encodeURIComponent(`from:@${senderDomain}`) : '';
  return {
    gmail: from
      ? `https://mail.google.com/mail/u/0/#search/${from}+in%3Aanywhere`
      : 'https://mail.google.com/mail/u/0/#inbox',
    yahoo: from
      ? `https://mail.yahoo.com/d/search/keyword=${encodeURIComponent(from)}`
      : 'https://mail.yahoo.com/',
    outlook: 'https://outlook.live.com/mail/0/inbox',
  };
}
