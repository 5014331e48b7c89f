import { SignJWT } from 'jose';
import { JWT_ALGORITHM, type SigningKey } from '../sessions';
import { ACCESS_TOKEN_SECONDS } from './accessTokens';
import type { Grant } from './grants';
import type { UserClaims } from './userClaims';

/**
 * An OpenID Connect ID token for the grant's client: `auth_time` always (it is required whenever
 * the request had `max_age`, and costs nothing otherwise), `nonce` when the authorization request
 * had one (never on refresh: a refresh is no authentication request), and the scope's user claims.
 */
export function mintIdToken(input: {
  key: SigningKey;
  issuer: string;
  grant: Pick<Grant, 'user_id' | 'client_id' | 'auth_time'>;
  claims: UserClaims;
  nonce: string | undefined;
  now: Date;
}): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({
    ...input.claims,
    auth_time: input.grant.auth_time,
    ...(input.nonce === undefined ? {} : { nonce: input.nonce }),
  })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: input.key.kid, typ: 'JWT' })
    .setIssuer(input.issuer)
    .setSubject(input.grant.user_id)
    .setAudience(input.grant.client_id)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(input.key.privateKey);
}
