import { importPKCS8, SignJWT } from 'jose';

/** Apple accepts a client secret for at most 6 months; a fresh one per hour is plenty. */
const LIFETIME_SECONDS = 60 * 60;

/**
 * Sign in with Apple's client secret: an ES256 JWT signed with the team's private key
 * (`iss` team id, `sub` the Services ID, `aud` Apple's issuer, `kid` the key id).
 */
export async function appleClientSecret({
  teamId,
  keyId,
  clientId,
  privateKeyPem,
  audience,
  now = new Date(),
}: {
  teamId: string;
  keyId: string;
  clientId: string;
  privateKeyPem: string;
  audience: string;
  now?: Date;
}): Promise<string> {
  // Environment variables often carry a PEM with literal "\n" sequences.
  const key = await importPKCS8(privateKeyPem.replace(/\\n/g, '\n'), 'ES256');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keyId })
    .setIssuer(teamId)
    .setSubject(clientId)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIFETIME_SECONDS)
    .sign(key);
}
