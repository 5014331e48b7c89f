import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions/duration';
import { issueToken, takeToken } from '../tokens/oneTimeTokens';
import { pkceSatisfied } from '../tokens/pkce';
import type { TokenData } from '../tokens/tokenKinds';
import type { ProjectRef } from '../users/project';

/** The visitor has 10 minutes at the identity provider, and the landing page 10 more to redeem. */
const STATE_MINUTES = 10;
const TOKEN_MINUTES = 10;

/**
 * What OAuth start remembers while the visitor is at the identity provider: where the sign-in
 * lands, the scopes, the widget's PKCE challenge; `popup` when started by the widget's popup mode
 * (always with a challenge: the sign-in ends on the popup's result page, which hands the outcome
 * to the frame); `upstream`, for a real provider, its PKCE verifier and OpenID Connect nonce (kept
 * server-side).
 */
export type OAuthState = TokenData<'oauth_state'>;

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
  await issueToken(db, 'oauth_state', {
    project,
    tokenHash: sha256Hex(value),
    userId: null,
    data: state,
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
  const used = await takeToken(
    db,
    'oauth_state',
    { projectId, tokenHash: sha256Hex(value), now },
    (state) => state.data.providerType === providerType,
  );
  return used?.data ?? null;
}

/**
 * What the landing page's token proves: this provider account signed in as this user. The email
 * the identity provider says is verified (`verifiedEmailId`) is proved when the token is redeemed,
 * where the request's session is known (a first proof claims the account, `proveAddress`); the
 * provider's own tokens (`providerValues`) are handed to the landing page once.
 */
export type OAuthGrant = Omit<TokenData<'oauth'>, 'code_challenge'>;

/** `provider_values` of `POST /oauth/authenticate`, as Stytch returns them. */
export type ProviderValues = NonNullable<OAuthGrant['providerValues']>;

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
  await issueToken(db, 'oauth', {
    project,
    tokenHash: sha256Hex(token),
    userId,
    data: { ...grant, ...(codeChallenge ? { code_challenge: codeChallenge } : {}) },
    expiresAt: addMinutes(now, TOKEN_MINUTES),
    now,
  });
  return token;
}

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
  const used = await takeToken(
    db,
    'oauth',
    { projectId, tokenHash: sha256Hex(token), now },
    (t) => t.userId !== null && pkceSatisfied(t.data.code_challenge, codeVerifier),
  );
  if (!used?.userId) return null;
  const { code_challenge: _challenge, ...grant } = used.data;
  return { userId: used.userId, grant };
}
