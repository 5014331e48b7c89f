import { afterEach, describe, expect, it } from 'vitest';
import { createPasskeyCredential, getPasskeyCredential } from './ceremony';
import { installFakeWebAuthn, type FakeWebAuthn } from '../../test/passkeys/fakeWebAuthn';

const REQUEST_OPTIONS = JSON.stringify({
  challenge: 'Y2hhbGxlbmdlLTE',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
  timeout: 60000,
});

const CREATION_OPTIONS = JSON.stringify({
  challenge: 'Y2hhbGxlbmdlLTI',
  rp: { name: 'Latch', id: 'localhost' },
  user: { id: 'dXNlci10ZXN0LTE', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
});

let fake: FakeWebAuthn | null = null;
afterEach(() => fake?.restore());

describe('passkey ceremony', () => {
  it('takes the options string as sent, or wrapped in publicKey, and answers the credential as JSON', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    const plain = JSON.parse(await getPasskeyCredential(REQUEST_OPTIONS, { conditional: false })) as {
      id: string;
    };
    const wrapped = `{"publicKey":${REQUEST_OPTIONS}}`;
    await getPasskeyCredential(wrapped, { conditional: false });
    expect(plain.id).toBe(fake.authenticator.credentialId);
    const challenges = fake.get.mock.calls.map(
      ([o]) => new Uint8Array((o.publicKey as { challenge: ArrayBuffer }).challenge),
    );
    expect(challenges[0]).toEqual(challenges[1]);
    expect(new TextDecoder().decode(challenges[0])).toBe('challenge-1');
    const created = JSON.parse(await createPasskeyCredential(CREATION_OPTIONS)) as { id: string };
    expect(created.id).toBe(fake.authenticator.credentialId);
  });

  it('refuses options without a challenge, before asking the browser', async () => {
    fake = installFakeWebAuthn({ autofill: false });
    await expect(getPasskeyCredential('{"rpId":"x"}', { conditional: false })).rejects.toThrow(TypeError);
    await expect(createPasskeyCredential(REQUEST_OPTIONS)).rejects.toThrow(TypeError);
    expect(fake.get).not.toHaveBeenCalled();
    expect(fake.create).not.toHaveBeenCalled();
  });

  it('cancels the browser request when its signal aborts', async () => {
    fake = installFakeWebAuthn({ autofill: true });
    const email = document.createElement('input');
    email.setAttribute('autocomplete', 'username webauthn');
    document.body.append(email);
    const controller = new AbortController();
    const pending = getPasskeyCredential(REQUEST_OPTIONS, { conditional: true, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    email.remove();
  });
});
