import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import type { ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { JWT_ALGORITHM, publicJwks, type SigningKey } from '../sessions';
import { findActiveGrant, type Grant } from './grants';

/** Lifetime of an access token (and of the ID token issued beside it). */
export const ACCESS_TOKEN_SECONDS = 3600;

/**
 * RFC 9068 JWT access tokens: `typ: at+jwt` in the header, and the client as audience. A session
 * JWT has `typ: JWT`, the auth origin as issuer and the project as audience, so neither can pass
 * for the other even though the same project key signs both.
 */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** The private claim naming the grant: revoking the grant ends the token at this provider's endpoints. */
const GRANT_CLAIM = 'grant_id';

export function mintAccessToken(input: {
  key: SigningKey;
  issuer: string;
  grant: Grant;
  scopes: readonly string[];
  now: Date;
}): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({
    client_id: input.grant.client_id,
    scope: input.scopes.join(' '),
    auth_time: input.grant.auth_time,
    [GRANT_CLAIM]: input.grant.grant_id,
  })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: input.key.kid, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(input.issuer)
    .setSubject(input.grant.user_id)
    .setAudience(input.grant.client_id)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(input.key.privateKey);
}

export interface VerifiedAccessToken {
  grant: Grant;
  scopes: string[];
  clientId: string;
  iat: number;
  exp: number;
  jti: string | undefined;
}

/**
 * The access token's grant and scopes, when it is an unexpired RFC 9068 token this issuer signed
 * for one of the project's clients and its grant is still active; null for anything else
 * (session JWTs and ID tokens included).
 */
export async function verifyAccessToken(
  db: Db,
  input: { project: ProjectConfig; issuer: string; token: string; now: Date },
): Promise<VerifiedAccessToken | null> {
  const keys = createLocalJWKSet({ keys: await publicJwks(db, input.project.project_id, input.now) });
  const payload = await jwtVerify(input.token, keys, {
    algorithms: [JWT_ALGORITHM],
    typ: ACCESS_TOKEN_TYPE,
    issuer: input.issuer,
    currentDate: input.now,
    requiredClaims: ['sub', 'exp', 'iat', 'aud', 'client_id'],
  }).then(
    (verified) => verified.payload,
    () => null,
  );
  if (!payload) return null;
  const { client_id: clientId, scope, [GRANT_CLAIM]: grantId, sub, exp, iat, jti } = payload;
  if (typeof clientId !== 'string' || typeof scope !== 'string' || typeof grantId !== 'string') return null;
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audience.includes(clientId)) return null;
  if (!input.project.connected_apps.some((a) => a.client_id === clientId)) return null;
  const grant = await findActiveGrant(db, { projectId: input.project.project_id, grantId });
  if (!grant || grant.user_id !== sub || grant.client_id !== clientId) return null;
  return {
    grant,
    scopes: scope.split(' ').filter((s) => s !== ''),
    clientId,
    iat: iat ?? 0,
    exp: exp ?? 0,
    jti,
  };
}
