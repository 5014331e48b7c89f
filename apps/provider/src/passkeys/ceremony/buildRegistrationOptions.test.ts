import { describe, expect, it } from 'vitest';
import { buildRegistrationOptions } from './buildRegistrationOptions';
import { generateChallenge } from './challengeStore';

const user = { id: 'user-test-1', name: 'ada@example.com', displayName: 'Ada' };

describe('buildRegistrationOptions', () => {
  it('returns the options as a JSON string carrying the given challenge', async () => {
    const challenge = generateChallenge();
    const built = await buildRegistrationOptions({
      rpId: 'localhost',
      rpName: 'Demo',
      user,
      excludeCredentialIds: ['AAAA'],
      isPasskey: true,
      challenge,
    });
    expect(typeof built.optionsJSON).toBe('string');
    const options = JSON.parse(built.optionsJSON);
    expect(built.challenge).toBe(challenge);
    expect(options.challenge).toBe(challenge);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Demo' });
    expect(options.user).toEqual({
      id: Buffer.from('user-test-1').toString('base64url'),
      name: 'ada@example.com',
      displayName: 'Ada',
    });
    expect(options.excludeCredentials).toEqual([{ id: 'AAAA', type: 'public-key' }]);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.attestation).toBe('none');
    expect(options.timeout).toBe(300000);
  });

  it('asks for a non-discoverable credential and the requested attachment otherwise', async () => {
    const built = await buildRegistrationOptions({
      rpId: 'example.com',
      rpName: 'Demo',
      user,
      excludeCredentialIds: [],
      isPasskey: false,
      authenticatorType: 'cross-platform',
    });
    const options = JSON.parse(built.optionsJSON);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'discouraged',
      authenticatorAttachment: 'cross-platform',
    });
    expect(options.challenge).toBe(built.challenge);
    expect(built.challenge.length).toBeGreaterThan(20);
  });
});
