import type { User } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { currentSigningKey } from '../sessions';
import { ACCESS_TOKEN_SECONDS, mintAccessToken } from './accessTokens';
import type { Grant } from './grants';
import { mintIdToken } from './idTokens';
import { userClaims } from './userClaims';

/** RFC 6749 section 5.1, plus `id_token` (OpenID Connect) when `openid` is in scope. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

/** The tokens of one token-endpoint answer for `grant`, limited to `scopes` (its own or fewer). */
export async function issueTokens(
  db: Db,
  input: {
    project: ProjectConfig;
    issuer: string;
    grant: Grant;
    scopes: readonly string[];
    user: User;
    nonce: string | undefined;
    refreshToken: string | undefined;
    now: Date;
  },
): Promise<TokenResponse> {
  const key = await currentSigningKey(db, input.project, input.now);
  const { issuer, grant, now } = input;
  const response: TokenResponse = {
    access_token: await mintAccessToken({ key, issuer, grant, scopes: input.scopes, now }),
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: input.scopes.join(' '),
  };
  if (input.scopes.includes('openid')) {
    // OpenID Connect Core section 5.4: with an access token these claims are also at UserInfo;
    // they are in the ID token too, so a client that reads only the ID token sees the same user.
    const claims = userClaims(input.user, input.scopes);
    response.id_token = await mintIdToken({ key, issuer, grant, claims, nonce: input.nonce, now });
  }
  if (input.refreshToken !== undefined) response.refresh_token = input.refreshToken;
  return response;
}
