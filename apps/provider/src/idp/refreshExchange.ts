import type { Services } from '../http/deps';
import { findUser } from '../users';
import type { AuthenticatedClient } from './clientAuthentication';
import { findActiveGrant, revokeGrant } from './grants';
import { issueTokens, type TokenResponse } from './issueTokens';
import { OAuthError } from '../errors/OAuthError';
import { requireParam, type OAuthParams } from './oauthParams';
import { findRefreshTokenGrant, rotateRefreshToken } from './refreshTokens';

const badGrant = (): OAuthError =>
  new OAuthError('invalid_grant', 'The refresh token is unknown, used, expired or revoked.');

/**
 * `grant_type=refresh_token` (RFC 6749 section 6): the token is used once and its successor
 * answered; `scope` may narrow the new access token, never widen it. The ID token keeps the
 * original `auth_time` and carries no `nonce` (OpenID Connect Core section 12.2).
 */
export async function exchangeRefreshToken(
  services: Services,
  client: AuthenticatedClient,
  params: OAuthParams,
  issuer: string,
  now: Date,
): Promise<TokenResponse> {
  const token = requireParam(params, 'refresh_token');
  const { project, app } = client;
  const { db } = services;
  const projectId = project.project_id;
  const requested = params
    .get('scope')
    ?.split(' ')
    .filter((s) => s !== '');
  // Checked before the token is used up: a refused scope must leave the client its refresh token.
  if (requested) {
    const current = await findRefreshTokenGrant(db, { projectId, token, now });
    const scopes = current?.clientId === app.client_id ? current.scopes : null;
    if (scopes && !requested.every((s) => scopes.includes(s))) {
      throw new OAuthError('invalid_scope', 'scope asks for more than the grant has.');
    }
  }
  const rotation = await rotateRefreshToken(db, { projectId, clientId: app.client_id, token, now });
  if (rotation.outcome !== 'rotated') throw badGrant();
  const grant = await findActiveGrant(db, { projectId, grantId: rotation.grantId });
  if (!grant) throw badGrant();
  if (requested && !requested.every((s) => grant.scopes.includes(s))) {
    throw new OAuthError('invalid_scope', 'scope asks for more than the grant has.');
  }
  const user = await findUser(db, grant.user_id);
  if (!user) {
    await revokeGrant(db, { projectId, grantId: grant.grant_id, now });
    throw badGrant();
  }
  return issueTokens(db, {
    project,
    issuer,
    grant,
    scopes: requested ? [...new Set(requested)] : grant.scopes,
    user,
    nonce: undefined,
    refreshToken: rotation.refreshToken,
    now,
  });
}
