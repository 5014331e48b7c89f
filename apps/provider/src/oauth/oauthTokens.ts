import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions/duration';
import { consumeToken, findActiveToken, insertOneTimeToken } from '../tokens/oneTimeTokens';
import { pkceSatisfied } from '../tokens/pkce';
import type { ProjectRef } from '../users/project';

/** The visitor has 10 minutes at the identity provider, and the landing page 10 more to redeem. */
const STATE_MINUTES = 10;
const TOKEN_MINUTES = 10;

/** What OAuth start remembers while the visitor is at the identity provider. */
export interface OAuthState {
  providerType: string;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
  scopes: string[];
  codeChallenge: string | null;
  /**
   * Started by the widget's popup mode (always with a code challenge): the sign-in ends on the
   * popup's result page, which hands the outcome to the frame, instead of the redirect URLs.
   */
  popup?: boolean;
  /** A sign-in at a real provider: its PKCE verifier and OpenID Connect nonce (kept server-side). */
  upstream?: { codeVerifier: string | null; nonce: string | null };
}

/**
 * Stores the state (hashed) and answers the opaque value that travels through the identity
 * provider: random, then `.` and the project id (base64url), so the one callback URL that every
 * project shares finds the project the state belongs to.
 */
export async function issueOAuthState(
  db: Queryable,
  project: ProjectRef,
  state: OAuthState,
  now: Date,
): Promise<string> {
  const value = `${randomToken(32)}.${Buffer.from(project.project_id).toString('base64url')}`;
  await insertOneTimeToken(db, {
    project,
    kind: 'oauth_state',
    tokenHash: sha256Hex(value),
    userId: null,
    data: { ...state },
    expiresAt: addMinutes(now, STATE_MINUTES),
    now,
  });
  return value;
}

/** The project id a state value names; null when it has none (then no state can match). */
export function projectIdOfState(value: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1 || value.length > 2048) return null;
  const id = Buffer.from(value.slice(dot + 1), 'base64url').toString('utf8');
  return id || null;
}

const isState = (data: Record<string, unknown>): data is Record<string, unknown> & OAuthState =>
  typeof data['providerType'] === 'string' &&
  typeof data['loginRedirectUrl'] === 'string' &&
  typeof data['signupRedirectUrl'] === 'string' &&
  Array.isArray(data['scopes']);

/** The state, unexpired and for this provider; used once (a replayed callback finds nothing). */
export async function takeOAuthState(
  db: Queryable,
  {
    projectId,
    value,
    providerType,
    now,
  }: { projectId: string; value: string; providerType: string; now: Date },
): Promise<OAuthState | null> {
  const row = await findActiveToken(db, { projectId, kind: 'oauth_state', tokenHash: sha256Hex(value), now });
  if (!row || !isState(row.data) || row.data.providerType !== providerType) return null;
  const used = await consumeToken(db, row.token_id, now);
  return used && isState(used.data) ? used.data : null;
}

/** What the landing page's token proves: this provider account signed in as this user. */
export interface OAuthGrant {
  registrationId: string;
  providerType: string;
  providerSubject: string;
  emailId: string | null;
  /**
   * The user's email the identity provider says is verified: proved when the token is redeemed,
   * where the request's session is known (a first proof claims the account, `proveAddress`).
   */
  verifiedEmailId?: string | null;
  scopes: string[];
  /** The provider's own tokens, handed to the landing page once (`provider_values`). */
  providerValues?: ProviderValues;
}

/** `provider_values` of `POST /oauth/authenticate`, as Stytch returns them. */
export type ProviderValues = {
  access_token: string;
  refresh_token: string;
  id_token: string;
  scopes: string[];
  expires_at: string | null;
};

export async function issueOAuthToken(
  db: Queryable,
  project: ProjectRef,
  {
    userId,
    grant,
    codeChallenge,
    now,
  }: { userId: string; grant: OAuthGrant; codeChallenge: string | null; now: Date },
): Promise<string> {
  const token = randomToken(32);
  await insertOneTimeToken(db, {
    project,
    kind: 'oauth',
    tokenHash: sha256Hex(token),
    userId,
    data: { ...grant, ...(codeChallenge ? { code_challenge: codeChallenge } : {}) },
    expiresAt: addMinutes(now, TOKEN_MINUTES),
    now,
  });
  return token;
}

const isGrant = (data: Record<string, unknown>): data is Record<string, unknown> & OAuthGrant =>
  typeof data['registrationId'] === 'string' &&
  typeof data['providerType'] === 'string' &&
  typeof data['providerSubject'] === 'string' &&
  (data['verifiedEmailId'] == null || typeof data['verifiedEmailId'] === 'string');

/**
 * Uses the token once. Null when it is unknown, used, expired, or its PKCE challenge does not
 * match `codeVerifier` (a mismatch does not burn it: the rightful browser can still redeem it).
 */
export async function consumeOAuthToken(
  db: Queryable,
  {
    projectId,
    token,
    codeVerifier,
    now,
  }: { projectId: string; token: string; codeVerifier?: string | undefined; now: Date },
): Promise<{ userId: string; grant: OAuthGrant } | null> {
  const row = await findActiveToken(db, { projectId, kind: 'oauth', tokenHash: sha256Hex(token), now });
  if (!row?.user_id || !isGrant(row.data)) return null;
  if (!pkceSatisfied(row.data, codeVerifier)) return null;
  const used = await consumeToken(db, row.token_id, now);
  return used?.user_id && isGrant(used.data) ? { userId: used.user_id, grant: used.data } : null;
}
