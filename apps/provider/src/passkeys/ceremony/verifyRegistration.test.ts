import { describe, expect, it } from 'vitest';
import { generateChallenge } from './challengeStore';
import { createTestAuthenticator } from '@latch/test-support/passkeys';
import { verifyRegistration } from './verifyRegistration';

const AUTH_ORIGIN = 'http://localhost:4000';
const AUTHORIZED = ['http://localhost:3000', 'http://127.0.0.1:3000'];
const RP_ID = 'localhost';

function setup() {
  const authenticator = createTestAuthenticator();
  const challenge = generateChallenge();
  const verify = (credentialJSON: string) =>
    verifyRegistration({
      credentialJSON,
      expectedChallenge: challenge,
      authOrigin: AUTH_ORIGIN,
      rpId: RP_ID,
      authorizedOrigins: AUTHORIZED,
    });
  return { authenticator, challenge, verify };
}

describe('verifyRegistration', () => {
  it('accepts a fresh credential and returns what must be stored', async () => {
    const { authenticator, challenge, verify } = setup();
    const result = await verify(authenticator.register({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN }));
    expect(result).toMatchObject({
      ok: true,
      credentialId: authenticator.credentialId,
      counter: 0,
      transports: ['internal', 'hybrid'],
      aaguid: '00000000-0000-0000-0000-000000000000',
      userVerified: true,
    });
    if (result.ok) expect(result.publicKey.length).toBeGreaterThan(60);
  });

  it('refuses another challenge', async () => {
    const { authenticator, verify } = setup();
    const json = authenticator.register({ challenge: generateChallenge(), rpId: RP_ID, origin: AUTH_ORIGIN });
    expect(await verify(json)).toMatchObject({ ok: false, error_type: 'invalid_webauthn_challenge' });
  });

  it('refuses a ceremony run on another origin, even an authorized host origin', async () => {
    const { authenticator, challenge, verify } = setup();
    for (const origin of ['http://evil.test', 'http://localhost:3000', 'https://localhost:4000']) {
      const json = authenticator.register({ challenge, rpId: RP_ID, origin });
      expect(await verify(json)).toMatchObject({ ok: false, error_type: 'webauthn_origin_mismatch' });
    }
  });

  it('refuses a credential scoped to another RP ID', async () => {
    const { authenticator, challenge, verify } = setup();
    const json = authenticator.register({ challenge, rpId: 'evil.test', origin: AUTH_ORIGIN });
    expect(await verify(json)).toMatchObject({ ok: false, error_type: 'webauthn_rp_id_mismatch' });
  });

  it('checks the top origin of a cross-origin ceremony against the authorized origins', async () => {
    const { authenticator, challenge, verify } = setup();
    const base = { challenge, rpId: RP_ID, origin: AUTH_ORIGIN, crossOrigin: true };
    expect(await verify(authenticator.register({ ...base, topOrigin: 'http://evil.test' }))).toMatchObject({
      ok: false,
      error_type: 'webauthn_top_origin_not_authorized',
    });
    expect(
      await verify(authenticator.register({ ...base, topOrigin: 'http://127.0.0.1:3000' })),
    ).toMatchObject({
      ok: true,
    });
    // Safari and Firefox send crossOrigin without topOrigin.
    expect(await verify(authenticator.register(base))).toMatchObject({ ok: true });
  });

  it('refuses a topOrigin on a same-origin ceremony', async () => {
    const { authenticator, challenge, verify } = setup();
    const json = authenticator.register({
      challenge,
      rpId: RP_ID,
      origin: AUTH_ORIGIN,
      topOrigin: 'http://localhost:3000',
    });
    expect(await verify(json)).toMatchObject({ ok: false, error_type: 'webauthn_top_origin_not_authorized' });
  });

  it('refuses an assertion posted as a registration', async () => {
    const { authenticator, challenge, verify } = setup();
    const assertion = authenticator.authenticate({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN });
    expect(await verify(assertion)).toMatchObject({ ok: false, error_type: 'invalid_public_key_credential' });
    const wrongType = authenticator.register({
      challenge,
      rpId: RP_ID,
      origin: AUTH_ORIGIN,
      type: 'webauthn.get',
    });
    expect(await verify(wrongType)).toMatchObject({ ok: false, error_type: 'invalid_public_key_credential' });
  });

  it('refuses malformed input without throwing', async () => {
    const { authenticator, challenge, verify } = setup();
    const good = JSON.parse(authenticator.register({ challenge, rpId: RP_ID, origin: AUTH_ORIGIN }));
    const broken = [
      '',
      '{',
      'null',
      '[]',
      '"text"',
      JSON.stringify({ ...good, rawId: 'other' }),
      JSON.stringify({ ...good, type: 'password' }),
      JSON.stringify({ ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } }),
      JSON.stringify({ ...good, response: { ...good.response, attestationObject: undefined } }),
      JSON.stringify({ ...good, response: { ...good.response, attestationObject: 'AAAA' } }),
    ];
    for (const json of broken) {
      expect(await verify(json)).toMatchObject({ ok: false, error_type: 'invalid_public_key_credential' });
    }
  });
});
