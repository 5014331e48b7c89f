import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions/duration';
import type { ProjectRef } from '../users/project';
import { consumeToken, findToken, issueToken } from './oneTimeTokens';
import { pkceSatisfied } from './pkce';
import type { TokenData } from './tokenKinds';

/** The tokens sent as a link to a user's email: magic links and password reset links. */
export type EmailLinkKind = 'magic_link' | 'password_reset';

/** Stores a new link token (hashed) of a user; answers the token and its row's id. */
export async function issueEmailLink<K extends EmailLinkKind>(
  db: Queryable,
  kind: K,
  link: { project: ProjectRef; userId: string; data: TokenData<K>; expirationMinutes: number; now: Date },
): Promise<{ token: string; tokenId: string }> {
  const token = randomToken(32);
  const tokenId = await issueToken(db, kind, {
    project: link.project,
    tokenHash: sha256Hex(token),
    userId: link.userId,
    data: link.data,
    expiresAt: addMinutes(link.now, link.expirationMinutes),
    now: link.now,
  });
  return { token, tokenId };
}

/** A link token as a request presents it: the token and, when the link was sent with a challenge, its PKCE verifier. */
export interface LinkUse {
  projectId: string;
  token: string;
  codeVerifier?: string | undefined;
  now: Date;
}

/** A usable link: its row, its user and the email it went to. */
export interface EmailLink {
  tokenId: string;
  userId: string;
  emailId: string;
}

/**
 * The usable link (unused, unexpired, its PKCE challenge met by the verifier; a verifier without a
 * stored challenge is ignored), without using it. Null otherwise.
 */
export async function findEmailLink(
  db: Queryable,
  kind: EmailLinkKind,
  { projectId, token, codeVerifier, now }: LinkUse,
): Promise<EmailLink | null> {
  const found = await findToken(db, kind, { projectId, tokenHash: sha256Hex(token), now });
  if (!found?.userId || !pkceSatisfied(found.data.code_challenge, codeVerifier)) return null;
  return { tokenId: found.tokenId, userId: found.userId, emailId: found.data.email_id };
}

/**
 * Uses the link once (`findEmailLink`, then `consumeToken`). A PKCE mismatch does not burn it: the
 * rightful browser can still use it. Null when unknown, used, expired or refused.
 */
export async function takeEmailLink(
  db: Queryable,
  kind: EmailLinkKind,
  use: LinkUse,
): Promise<EmailLink | null> {
  const link = await findEmailLink(db, kind, use);
  return link && (await consumeToken(db, kind, link.tokenId, use.now)) ? link : null;
}
