import { SignJWT } from 'jose';
import { JWT_ALGORITHM, type SigningKey } from '../sessions';
import type { CodeGrant } from './authorizationCodes';

/** Lifetime of the access token and the ID token the token endpoint answers. */
export const IDP_TOKEN_SECONDS = 3600;

export interface IdpTokenInput {
  key: SigningKey;
  issuer: string;
  projectId: string;
  userId: string;
  grant: CodeGrant;
  now: Date;
}

export interface IdpTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  id_token?: string;
}

/**
 * RS256 JWTs signed with the project's session key (so the JWKS route verifies them): an access
 * token for the project's APIs, and an OpenID Connect ID token for the client when `openid` was granted.
 */
export async function mintIdpTokens({
  key,
  issuer,
  projectId,
  userId,
  grant,
  now,
}: IdpTokenInput): Promise<IdpTokens> {
  const iat = Math.floor(now.getTime() / 1000);
  const sign = (claims: Record<string, unknown>, audience: string[]) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + IDP_TOKEN_SECONDS)
      .sign(key.privateKey);
  const scope = grant.scopes.join(' ');
  const access_token = await sign({ scope, client_id: grant.client_id }, [projectId]);
  const tokens: IdpTokens = { access_token, token_type: 'Bearer', expires_in: IDP_TOKEN_SECONDS, scope };
  if (grant.scopes.includes('openid')) {
    tokens.id_token = await sign(grant.nonce === undefined ? {} : { nonce: grant.nonce }, [grant.client_id]);
  }
  return tokens;
}
