import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Queryable } from '../db/Db';
import { publicJwks } from '../sessions';
import { ACCESS_TOKEN_TYPE } from './accessTokens';

/**
 * Whether `hint` is an unexpired ID token this project issued to `clientId` for `userId`: then the
 * logout is what the signed-in user asked of that app, and needs no confirmation.
 */
export async function idTokenHintMatches(
  db: Queryable,
  input: { projectId: string; issuer: string; clientId: string; userId: string; hint: string | undefined },
): Promise<boolean> {
  if (!input.hint) return false;
  try {
    const jwks = createLocalJWKSet({ keys: await publicJwks(db, input.projectId) });
    const { payload, protectedHeader } = await jwtVerify(input.hint, jwks, {
      issuer: input.issuer,
      audience: input.clientId,
    });
    // An access token has the same issuer and audience, but it is not what the hint names.
    return protectedHeader.typ !== ACCESS_TOKEN_TYPE && payload.sub === input.userId;
  } catch {
    return false;
  }
}
