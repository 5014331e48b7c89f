import { sha256Hex } from '../crypto/hash';
import type { Services } from '../http/deps';
import { pkceMatches } from '../tokens/pkce';
import { findUser } from '../users';
import { redeemAuthorizationCode } from './authorizationCodes';
import { isConfidential, type AuthenticatedClient } from './clientAuthentication';
import { createGrant, revokeGrantOfCode } from './grants';
import { issueTokens, type TokenResponse } from './issueTokens';
import { OAuthError } from '../errors/OAuthError';
import { requireParam, type OAuthParams } from './oauthParams';
import { issueRefreshToken } from './refreshTokens';

const badGrant = (): OAuthError =>
  new OAuthError('invalid_grant', 'The code is unknown, used, expired, or was issued for another request.');

/** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * `grant_type=authorization_code` (RFC 6749 section 4.1.3, RFC 7636): the code is consumed on the
 * first attempt, right or wrong, and must have been issued to this client for this redirect URI. A
 * code issued with a challenge needs its S256 verifier; a verifier for a code without one is a
 * downgrade attempt; a public client's code must have had one. A code presented again revokes
 * what it granted.
 */
export async function exchangeCode(
  services: Services,
  client: AuthenticatedClient,
  params: OAuthParams,
  issuer: string,
  now: Date,
): Promise<TokenResponse> {
  const code = requireParam(params, 'code');
  const redirectUri = requireParam(params, 'redirect_uri');
  const verifier = params.get('code_verifier');
  if (verifier !== undefined && !VERIFIER.test(verifier)) {
    throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters.');
  }
  const { project, app } = client;
  const { db } = services;
  const redeemed = await redeemAuthorizationCode(db, { projectId: project.project_id, code, now });
  if (!redeemed) {
    await revokeGrantOfCode(db, { projectId: project.project_id, codeHash: sha256Hex(code), now });
    throw badGrant();
  }
  const { grant: codeGrant, userId } = redeemed;
  if (codeGrant.client_id !== app.client_id || codeGrant.redirect_uri !== redirectUri) throw badGrant();
  if (codeGrant.code_challenge === undefined) {
    if (verifier !== undefined || !isConfidential(app)) throw badGrant();
  } else if (verifier === undefined || !pkceMatches(verifier, codeGrant.code_challenge)) {
    throw badGrant();
  }
  const user = await findUser(db, userId);
  if (!user) throw badGrant();
  const grant = await createGrant(db, {
    project,
    userId,
    clientId: app.client_id,
    scopes: codeGrant.scopes,
    authTime: codeGrant.auth_time,
    codeHash: sha256Hex(code),
    now,
  });
  // OpenID Connect Core section 11: offline access only when the user granted offline_access.
  const refreshToken = grant.scopes.includes('offline_access')
    ? await issueRefreshToken(db, { grantId: grant.grant_id, now })
    : undefined;
  return issueTokens(db, {
    project,
    issuer,
    grant,
    scopes: grant.scopes,
    user,
    nonce: codeGrant.nonce,
    refreshToken,
    now,
  });
}
