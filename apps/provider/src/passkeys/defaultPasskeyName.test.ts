import { describe, expect, it } from 'vitest';
import { defaultPasskeyName } from './defaultPasskeyName';

const UNKNOWN = '00000000-0000-0000-0000-000000000000';
const ICLOUD = 'FBFC3007-154E-4ECC-8C0B-6E020557D7BD';

describe('defaultPasskeyName', () => {
  it('names a passkey after a known authenticator, else "Passkey"', () => {
    expect(defaultPasskeyName(ICLOUD)).toBe('iCloud Keychain');
    expect(defaultPasskeyName(UNKNOWN)).toBe('Passkey');
  });

  it('numbers the name when the user already has one of it, filling the first gap', () => {
    expect(defaultPasskeyName(UNKNOWN, ['Passkey'])).toBe('Passkey 2');
    expect(defaultPasskeyName(UNKNOWN, ['Passkey', 'Passkey 2', 'Passkey 4'])).toBe('Passkey 3');
    expect(defaultPasskeyName(UNKNOWN, ['Passkey 2', 'Work laptop'])).toBe('Passkey');
    expect(defaultPasskeyName(ICLOUD, ['Passkey', 'iCloud Keychain'])).toBe('iCloud Keychain 2');
  });
});
