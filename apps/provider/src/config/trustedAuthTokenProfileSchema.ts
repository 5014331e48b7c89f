import { flag } from '@latch/api';
import { createPublicKey } from 'node:crypto';
import * as v from 'valibot';
import { strictPlainObject, text, withoutProblem } from './fieldSchemas';

/** A JWKS URL: https, or http only on a loopback host (a local issuer in development and tests). */
export function jwksUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${JSON.stringify(raw)} is not a URL`;
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return null;
  return `${JSON.stringify(raw)} must be an https URL (http only on localhost)`;
}

/**
 * An SPKI public key (`-----BEGIN PUBLIC KEY-----`). Parsed here, so a pasted private key or a
 * truncated PEM stops the provider at start rather than failing every attestation.
 */
export function publicKeyPemProblem(pem: string): string | null {
  if (!pem.includes('-----BEGIN PUBLIC KEY-----')) return 'must be a PEM "-----BEGIN PUBLIC KEY-----" block';
  try {
    createPublicKey(pem);
    return null;
  } catch {
    return 'is not a readable public key';
  }
}

/** A JWT claim name: the claims this maps are read from the verified payload by name. */
const claimName = () => text({ min: 1, max: 256 });

/**
 * One trusted auth token profile (Stytch's "Trusted Auth Tokens"): which external issuer's JWTs
 * `POST /sdk/v1/sessions/attest` accepts, how their signature is checked, and which claims name
 * the user.
 */
export const trustedAuthTokenProfileSchema = v.pipe(
  strictPlainObject({
    profile_id: text({ min: 1, max: 256 }),
    /** The exact `iss` claim. */
    issuer: text({ min: 1, max: 2048 }),
    /** The `aud` claim must be, or contain, this value. */
    audience: text({ min: 1, max: 2048 }),
    jwks_url: v.optional(v.pipe(text({ min: 1, max: 2048 }), withoutProblem(jwksUrlProblem))),
    public_key_pem: v.optional(v.pipe(text({ min: 1, max: 16_384 }), withoutProblem(publicKeyPemProblem))),
    attribute_mapping: strictPlainObject({
      /** The claim holding the user's email address. */
      email: claimName(),
      /** The claim holding a unique token id (usually `jti`): each id is accepted once. */
      token_id: v.optional(claimName()),
    }),
    /** Create a user for an email no user of the project has yet; otherwise such a token is refused. */
    can_jit_provision: v.optional(flag(), false),
    /** The issuer verified the address it puts in the token: attested emails are marked verified. */
    issuer_verifies_email: v.optional(flag(), false),
  }),
  // Exactly one key source: with both, which one a token was checked against would be a guess.
  v.check(
    (profile) => (profile.jwks_url === undefined) !== (profile.public_key_pem === undefined),
    'needs exactly one of jwks_url or public_key_pem',
  ),
);

export type TrustedAuthTokenProfile = v.InferOutput<typeof trustedAuthTokenProfileSchema>;
