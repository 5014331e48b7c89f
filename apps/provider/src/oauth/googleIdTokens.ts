import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Db } from '../db/Db';
import { currentSigningKey, JWT_ALGORITHM, publicJwks } from '../sessions/signingKeys';
import type { ProjectRef } from '../users/project';
import { AuthError } from '../errors/AuthError';

/** Google's ID token issuers (both spellings occur) and its published signing keys. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

// One JWKS client for the process: jose caches Google's keys in it and refetches on an unknown kid.
let googleKeys: JWTVerifyGetKey | null = null;
const googleJwks = (): JWTVerifyGetKey =>
  (googleKeys ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL), { timeoutDuration: 5000 }));

/**
 * The dev identity provider's keys live beside the projects' session keys, under a key owner of
 * their own, so an ID token and a session JWT can never be taken for each other, and every
 * provider process (workers included) signs and verifies with the same key.
 */
const devKeyOwner = (project: ProjectRef): ProjectRef => ({
  project_id: `dev-idp:${project.project_id}`,
  test: true,
});

/** The issuer of the dev identity provider's Google ID tokens. */
export const devGoogleIssuer = (authOrigin: string): string => `${authOrigin}/dev/oauth/google`;

/** The one Google client the dev identity provider registers for a test project. */
export const devGoogleClientId = (project: ProjectRef): string => `dev-google-client.${project.project_id}`;

export interface DevIdTokenClaims {
  subject: string;
  email: string;
  clientId: string;
  nonce: string | null;
}

/** An ID token of the dev identity provider, shaped like Google's: RS256, one hour, `email_verified`. */
export async function signDevGoogleIdToken(
  db: Db,
  project: ProjectRef,
  authOrigin: string,
  claims: DevIdTokenClaims,
): Promise<string> {
  const key = await currentSigningKey(db, devKeyOwner(project));
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = {
    email: claims.email,
    email_verified: true,
    azp: claims.clientId,
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(devGoogleIssuer(authOrigin))
    .setAudience(claims.clientId)
    .setSubject(claims.subject)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key.privateKey);
}

export interface IdTokenCheck {
  /** The project's Google client id: the token's audience. */
  clientId: string;
  /** The nonce One Tap start handed out, when it did. */
  nonce: string | null;
  /** Verify against the dev identity provider of this project instead of Google. */
  dev: { db: Db; project: ProjectRef; authOrigin: string } | null;
}

const refused = (why: string) =>
  new AuthError('oauth_flow_callback_error', `The Google credential was refused: ${why}.`);

/**
 * Verifies a One Tap credential: signature against the issuer's keys (Google's published JWKS, or
 * the dev identity provider's), `iss`, `aud` = the project's client id, `exp`, and the `nonce`
 * One Tap start issued. Answers the claims; anything else is `oauth_flow_callback_error`.
 */
export async function verifyGoogleIdToken(idToken: string, check: IdTokenCheck): Promise<JWTPayload> {
  let keys: JWTVerifyGetKey;
  let issuer: string[];
  if (check.dev) {
    const jwks = await publicJwks(check.dev.db, devKeyOwner(check.dev.project).project_id);
    keys = createLocalJWKSet({ keys: jwks });
    issuer = [devGoogleIssuer(check.dev.authOrigin)];
  } else {
    keys = googleJwks();
    issuer = GOOGLE_ISSUERS;
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer,
      audience: check.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw refused('it has expired');
    if (error instanceof errors.JOSEError) throw refused(error.message);
    // Anything else is the key fetch itself failing (network, DNS): the credential is not trusted.
    throw refused("the issuer's signing keys could not be fetched");
  }
  if (check.nonce !== null && payload['nonce'] !== check.nonce) throw refused('its nonce does not match');
  return payload;
}
