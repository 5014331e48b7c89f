import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import { addMinutes } from '../sessions/duration';
import { SENT_WITH } from '../tokens/newestToken';
import { consumeToken, findActiveToken, insertOneTimeToken } from '../tokens/oneTimeTokens';
import { pkceSatisfied } from '../tokens/pkce';

/** `one_time_tokens.kind` of magic links (a reset email's login link is one too). */
export const MAGIC_LINK_KIND = 'magic_link';

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
  const token = randomToken(32);
  await insertOneTimeToken(db, {
    project: input.project,
    kind: MAGIC_LINK_KIND,
    tokenHash: sha256Hex(token),
    userId: input.userId,
    data: {
      email_id: input.emailId,
      redirect_url: input.redirectUrl,
      ...(input.codeChallenge ? { code_challenge: input.codeChallenge } : {}),
      ...(input.sentWith ? { [SENT_WITH]: input.sentWith } : {}),
    },
    expiresAt: addMinutes(input.now, input.expirationMinutes),
    now: input.now,
  });
  return { token, url: magicLinkUrl(input.redirectUrl, token) };
}

/**
 * Uses the token once. Null when it is unknown, used, expired, or its PKCE challenge (sent at
 * login_or_create) does not match `codeVerifier`; a verifier without a stored challenge is ignored.
 * A PKCE mismatch does not burn the token: the rightful browser can still use it.
 */
export async function consumeMagicLink(
  db: Queryable,
  {
    projectId,
    token,
    codeVerifier,
    now,
  }: { projectId: string; token: string; codeVerifier?: string | undefined; now: Date },
): Promise<{ userId: string; emailId: string } | null> {
  const row = await findActiveToken(db, {
    projectId,
    kind: MAGIC_LINK_KIND,
    tokenHash: sha256Hex(token),
    now,
  });
  if (!row?.user_id) return null;
  if (!pkceSatisfied(row.data, codeVerifier)) return null;
  const consumed = await consumeToken(db, row.token_id, now);
  const emailId = consumed?.data['email_id'];
  if (!consumed?.user_id || typeof emailId !== 'string') return null;
  return { userId: consumed.user_id, emailId };
}
