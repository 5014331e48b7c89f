import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions';
import { issueToken, takeToken } from '../tokens/oneTimeTokens';
import type { ProjectRef } from '../users/project';

/** The screen sends the page to the ticket at once; the code inside lives longer anyway. */
const FORM_POST_MINUTES = 5;

/** An authorization response waiting to be posted to the client's redirect URI. */
export interface FormPostResponse {
  redirectUri: string;
  params: Record<string, string>;
}

/**
 * Where the page goes to have `response` posted (OAuth 2.0 Form Post Response Mode). The screen can
 * only send the page to a URL, and the code or ID token must not be in one: the URL carries a
 * single-use ticket instead, and only its SHA-256 is stored.
 */
export async function formPostUri(
  db: Queryable,
  input: { project: ProjectRef; issuer: string; response: FormPostResponse; now: Date },
): Promise<string> {
  const ticket = randomToken();
  await issueToken(db, 'idp_form_post', {
    project: input.project,
    tokenHash: sha256Hex(ticket),
    userId: null,
    data: { redirect_uri: input.response.redirectUri, params: input.response.params },
    expiresAt: addMinutes(input.now, FORM_POST_MINUTES),
    now: input.now,
  });
  return `${input.issuer}/oauth2/form_post?${new URLSearchParams({ ticket }).toString()}`;
}

/** The response of the ticket, once (a reload finds nothing); null when unknown, used or expired. */
export async function takeFormPostResponse(
  db: Queryable,
  { projectId, ticket, now }: { projectId: string; ticket: string; now: Date },
): Promise<FormPostResponse | null> {
  const used = await takeToken(db, 'idp_form_post', { projectId, tokenHash: sha256Hex(ticket), now });
  return used && { redirectUri: used.data.redirect_uri, params: used.data.params };
}
