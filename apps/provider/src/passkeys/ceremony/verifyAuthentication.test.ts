import { describe, expect, it } from 'vitest';
import { generateChallenge } from './challengeStore';
import { createTestAuthenticator } from '@latch/test-support/passkeys';
import type { TestAuthenticator } from '@latch/test-support/passkeys';
import { verifyAuthentication } from './verifyAuthentication';
import type { StoredCredential } from './verifyAuthentication';
import { verifyRegistration } from './verifyRegistration';

const AUTH_ORIGIN = 'http://localhost:4000';
const AUTHORIZED = ['http://localhost:3000', 'http://127.0.0.1:3000'];
const RP_ID = 'localhost';

async function registered(authenticator: TestAuthenticator): Promise<StoredCredential> {
  const challenge = generateChallenge();
  const result = await verifyRegistration({
    credentialJSON: authenticator.register({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN }),
    expectedChallenge: challenge,
    authOrigin: AUTH_ORIGIN,
    rpId: RP_ID,
    authorizedOrigins: AUTHORIZED,
  });
  if (!result.ok) throw new Error(result.message);
  return { id: result.credentialId, publicKey: result.publicKey, counter: result.counter };
}

async function setup() {
  const authenticator = createTestAuthenticator();
  const credential = await registered(authenticator);
  const challenge = generateChallenge();
  const verify = (credentialJSON: string, stored: StoredCredential = credential) =>
    verifyAuthentication({
      credentialJSON,
      expectedChallenge: challenge,
      authOrigin: AUTH_ORIGIN,
      rpId: RP_ID,
      authorizedOrigins: AUTHORIZED,
      credential: stored,
    });
  return { authenticator, credential, challenge, verify };
}

describe('verifyAuthentication', () => {
  it('accepts a signed assertion and reports the new counter', async () => {
    const { authenticator, challenge, verify } = await setup();
    const json = authenticator.authenticate({
      challenge,
      rpId: RP_ID,
      origin: AUTH_ORIGIN,
      userHandle: 'user-1',
    });
    expect(await verify(json)).toEqual({
      ok: true,
      credentialId: authenticator.credentialId,
      newCounter: 1,
      userVerified: true,
      backedUp: false,
    });
  });

  it('refuses a signature made by another key', async () => {
    const { challenge, credential, verify } = await setup();
    const impostor = JSON.parse(
      createTestAuthenticator().authenticate({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN }),
    );
    const json = JSON.stringify({ ...impostor, id: credential.id, rawId: credential.id });
    expect(await verify(json)).toMatchObject({ ok: false, error_type: 'webauthn_verification_failed' });
  });

  it('refuses an assertion for a credential other than the stored one', async () => {
    const { challenge, verify } = await setup();
    const other = createTestAuthenticator();
    const json = other.authenticate({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN });
    expect(await verify(json)).toMatchObject({ ok: false, error_type: 'webauthn_verification_failed' });
  });

  it('refuses a wrong challenge, origin or RP ID', async () => {
    const { authenticator, challenge, verify } = await setup();
    const otherChallenge = authenticator.authenticate({
      challenge: generateChallenge(),
      rpId: RP_ID,
      origin: AUTH_ORIGIN,
    });
    expect(await verify(otherChallenge)).toMatchObject({
      ok: false,
      error_type: 'invalid_webauthn_challenge',
    });
    const otherOrigin = authenticator.authenticate({ challenge, rpId: RP_ID, origin: 'http://evil.test' });
    expect(await verify(otherOrigin)).toMatchObject({ ok: false, error_type: 'webauthn_origin_mismatch' });
    const otherRp = authenticator.authenticate({ challenge, rpId: 'evil.test', origin: AUTH_ORIGIN });
    expect(await verify(otherRp)).toMatchObject({ ok: false, error_type: 'webauthn_rp_id_mismatch' });
  });

  it('accepts a cross-origin ceremony only under an authorized top origin', async () => {
    const { authenticator, challenge, verify } = await setup();
    const base = { challenge, rpId: RP_ID, origin: AUTH_ORIGIN, crossOrigin: true };
    const refused = authenticator.authenticate({ ...base, topOrigin: 'http://evil.test' });
    expect(await verify(refused)).toMatchObject({
      ok: false,
      error_type: 'webauthn_top_origin_not_authorized',
    });
    const accepted = authenticator.authenticate({ ...base, topOrigin: 'http://localhost:3000' });
    expect(await verify(accepted)).toMatchObject({ ok: true });
  });

  it('refuses a counter that did not grow', async () => {
    const { authenticator, challenge, credential, verify } = await setup();
    const stored = { ...credential, counter: 7 };
    for (const counter of [7, 3, 0]) {
      const json = authenticator.authenticate({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN, counter });
      expect(await verify(json, stored)).toMatchObject({
        ok: false,
        error_type: 'webauthn_counter_regression',
      });
    }
    const ahead = authenticator.authenticate({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN, counter: 8 });
    expect(await verify(ahead, stored)).toMatchObject({ ok: true, newCounter: 8 });
  });

  it('accepts authenticators that never count (both counters zero)', async () => {
    const { authenticator, challenge, verify } = await setup();
    const json = authenticator.authenticate({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN, counter: 0 });
    expect(await verify(json)).toMatchObject({ ok: true, newCounter: 0 });
  });

  it('refuses malformed input without throwing', async () => {
    const { authenticator, challenge, verify } = await setup();
    const good = JSON.parse(authenticator.authenticate({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN }));
    const broken = [
      'not json',
      '{}',
      JSON.stringify({ ...good, response: null }),
      JSON.stringify({ ...good, response: { ...good.response, signature: 42 } }),
      JSON.stringify({ ...good, response: { ...good.response, authenticatorData: 'AAAA' } }),
      JSON.stringify({ ...good, response: { ...good.response, userHandle: '***' } }),
    ];
    for (const json of broken) {
      expect(await verify(json)).toMatchObject({ ok: false, error_type: 'invalid_public_key_credential' });
    }
  });
});
