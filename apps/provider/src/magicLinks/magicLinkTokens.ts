import type { Queryable } from '../db/Db';
import { issueEmailLink } from '../tokens/emailLinks';
import type { ProjectRef } from '../users/project';

export interface IssuedMagicLink {
  token: string;
  /** `<redirect_url>?token=<token>&stytch_token_type=magic_links` (`&` when the URL has a query). */
  url: string;
}

/** Appends the token parameters the landing page reads (`stytch_token_type` and `token`). */
export function magicLinkUrl(redirectUrl: string, token: string, tokenType = 'magic_links'): string {
  const separator = redirectUrl.includes('?') ? '&' : '?';
  return `${redirectUrl}${separator}token=${encodeURIComponent(token)}&stytch_token_type=${tokenType}`;
}

/** Stores a new link token (hashed) for the user's email; answers the token and the link. */
export async function issueMagicLink(
  db: Queryable,
  input: {
    project: ProjectRef;
    userId: string;
    emailId: string;
    redirectUrl: string;
    expirationMinutes: number;
    codeChallenge?: string | undefined;
    /** The token whose message carries this link too (a reset email's reset token). */
    sentWith?: string;
    now: Date;
  },
): Promise<IssuedMagicLink> {
  const { token } = await issueEmailLink(db, 'magic_link', {
    ...input,
    data: {
      email_id: input.emailId,
      redirect_url: input.redirectUrl,
      ...(input.codeChallenge ? { code_challenge: input.codeChallenge } : {}),
      ...(input.sentWith ? { sent_with: input.sentWith } : {}),
    },
  });
  return { token, url: magicLinkUrl(input.redirectUrl, token) };
}
