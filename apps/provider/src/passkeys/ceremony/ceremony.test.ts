import { describe, expect, it } from 'vitest';
import { buildAuthenticationOptions } from './buildAuthenticationOptions';
import { buildRegistrationOptions } from './buildRegistrationOptions';
import { createMemoryChallengeStore } from './memoryChallengeStore';
import { parseAuthenticationCredential, parseRegistrationCredential } from './parseCredential';
import { resolveRpId } from './resolveRpId';
import { takeChallenge } from './takeChallenge';
import { createTestAuthenticator } from '@latch/test-support/passkeys';
import { verifyAuthentication } from './verifyAuthentication';
import { verifyRegistration } from './verifyRegistration';

const AUTH_ORIGIN = 'http://localhost:4000';
const HOST_ORIGIN = 'http://localhost:3000';
const AUTHORIZED = [HOST_ORIGIN];
const USER = { id: 'user-test-1', name: 'ada@example.com', displayName: 'ada@example.com' };

/** The whole flow the routes will run: start → browser → finish, with the challenge store. */
describe('passkey ceremony through the challenge store', () => {
  it('registers, authenticates twice with a growing counter, and refuses a replay', async () => {
    const store = createMemoryChallengeStore();
    const authenticator = createTestAuthenticator();
    const rp = resolveRpId({ authOrigin: AUTH_ORIGIN });
    if (!rp.ok) throw new Error(rp.message);
    const browser = { rpId: rp.rpId, origin: AUTH_ORIGIN, crossOrigin: true, topOrigin: HOST_ORIGIN };

    // Registration start: the options carry the stored challenge.
    const regStart = await buildRegistrationOptions({
      rpId: rp.rpId,
      rpName: 'Demo',
      user: USER,
      excludeCredentialIds: [],
      isPasskey: true,
      challenge: await store.issue('registration', USER.id),
    });
    const creation = JSON.parse(regStart.optionsJSON);
    const regJSON = authenticator.register({ ...browser, challenge: creation.challenge });

    // Registration finish: the route reads the challenge out of the credential, then consumes it.
    const regParsed = parseRegistrationCredential(regJSON);
    if (!regParsed.ok) throw new Error(regParsed.message);
    const regTaken = await takeChallenge(store, regParsed.clientData.challenge, {
      purpose: 'registration',
      userId: USER.id,
    });
    if (!regTaken.ok) throw new Error(regTaken.message);
    const reg = await verifyRegistration({
      credentialJSON: regJSON,
      expectedChallenge: regTaken.record.challenge,
      authOrigin: AUTH_ORIGIN,
      rpId: rp.rpId,
      authorizedOrigins: AUTHORIZED,
    });
    if (!reg.ok) throw new Error(reg.message);
    let stored = { id: reg.credentialId, publicKey: reg.publicKey, counter: reg.counter };

    const login = async () => {
      const authStart = await buildAuthenticationOptions({
        rpId: rp.rpId,
        challenge: await store.issue('authentication'),
      });
      const request = JSON.parse(authStart.optionsJSON);
      return authenticator.authenticate({ ...browser, challenge: request.challenge, userHandle: USER.id });
    };
    const finish = async (json: string) => {
      const parsed = parseAuthenticationCredential(json);
      if (!parsed.ok) return parsed;
      expect(parsed.credential.id).toBe(stored.id);
      const taken = await takeChallenge(store, parsed.clientData.challenge, { purpose: 'authentication' });
      if (!taken.ok) return taken;
      return verifyAuthentication({
        credentialJSON: json,
        expectedChallenge: taken.record.challenge,
        authOrigin: AUTH_ORIGIN,
        rpId: rp.rpId,
        authorizedOrigins: AUTHORIZED,
        credential: stored,
      });
    };

    const first = await login();
    const firstResult = await finish(first);
    expect(firstResult).toMatchObject({ ok: true, newCounter: 1 });
    if (firstResult.ok && 'newCounter' in firstResult)
      stored = { ...stored, counter: firstResult.newCounter };

    const second = await finish(await login());
    expect(second).toMatchObject({ ok: true, newCounter: 2 });

    // The same signed assertion again: its challenge has been consumed.
    expect(await finish(first)).toMatchObject({ ok: false, error_type: 'invalid_webauthn_challenge' });
    // And the registration response cannot be replayed either.
    expect(
      await takeChallenge(store, regParsed.clientData.challenge, { purpose: 'registration' }),
    ).toMatchObject({
      ok: false,
      error_type: 'invalid_webauthn_challenge',
    });
  });
});
