import { describe, expect, it } from 'vitest';
import { buildAuthenticationOptions } from './buildAuthenticationOptions';
import { generateChallenge } from './challengeStore';

describe('buildAuthenticationOptions', () => {
  it('leaves allowCredentials out for a discoverable passkey login', async () => {
    const challenge = generateChallenge();
    const built = await buildAuthenticationOptions({ rpId: 'localhost', challenge });
    const options = JSON.parse(built.optionsJSON);
    expect(options).toMatchObject({ rpId: 'localhost', challenge, userVerification: 'preferred' });
    expect(options.allowCredentials).toBeUndefined();
  });

  it('lists the allowed credentials when given', async () => {
    const built = await buildAuthenticationOptions({
      rpId: 'example.com',
      allowCredentialIds: ['AAAA', 'BBBB'],
    });
    const options = JSON.parse(built.optionsJSON);
    expect(options.allowCredentials).toEqual([
      { id: 'AAAA', type: 'public-key' },
      { id: 'BBBB', type: 'public-key' },
    ]);
    expect(options.challenge).toBe(built.challenge);
  });
});
