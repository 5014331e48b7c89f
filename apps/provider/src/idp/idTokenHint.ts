import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Queryable } from '../db/Db';
import { publicJwks } from '../sessions';

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
    const { payload } = await jwtVerify(input.hint, jwks, { issuer: input.issuer, audience: input.clientId });
    return payload.sub === input.userId;
  } catch {
    return false;
  }
}
