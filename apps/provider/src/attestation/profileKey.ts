import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { TrustedAuthTokenProfile } from '../config/trustedAuthTokenProfileSchema';

export type ProfileKey = { kind: 'pem'; key: KeyObject } | { kind: 'jwks'; getKey: JWTVerifyGetKey };

// One JWKS client per URL for the process: jose caches the fetched keys in it (and refetches on an
// unknown `kid`), so a burst of attestations fetches the issuer's keys once, not per request.
const remoteSets = new Map<string, JWTVerifyGetKey>();
// The config is fixed for the process; parsing a PEM per request would be wasted work.
const pemKeys = new Map<string, KeyObject>();

/** Where the signature of a profile's tokens is checked: its pinned PEM key, or its issuer's JWKS. */
export function profileKey(profile: TrustedAuthTokenProfile): ProfileKey {
  const pem = profile.public_key_pem;
  if (pem !== undefined) {
    let key = pemKeys.get(pem);
    if (!key) {
      key = createPublicKey(pem);
      pemKeys.set(pem, key);
    }
    return { kind: 'pem', key };
  }
  // The schema guarantees exactly one of the two.
  const url = profile.jwks_url ?? '';
  let getKey = remoteSets.get(url);
  if (!getKey) {
    getKey = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    remoteSets.set(url, getKey);
  }
  return { kind: 'jwks', getKey };
}
