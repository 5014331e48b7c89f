import { describe, expect, it } from 'vitest';
import { defaultPasskeyName } from './defaultPasskeyName';

const UNKNOWN = '00000000-0000-0000-0000-000000000000';
const ICLOUD = 'FBFC3007-154E-4ECC-8C0B-6E020557D7BD';

describe('defaultPasskeyName', () => {
  it('names a passkey after a known authenticator, else "Passkey"', () => {
    expect(defaultPasskeyName(ICLOUD)).toBe('iCloud Keychain');
    expect(defaultPasskeyName(UNKNOWN)).toBe('Passkey');
  });

  it('names a passkey of an unknown authenticator after the browser and system that made it', () => {
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
    expect(defaultPasskeyName(UNKNOWN, [], mac)).toBe('Chrome on Mac');
    expect(defaultPasskeyName(UNKNOWN, [], iphone)).toBe('Safari on iPhone');
    expect(defaultPasskeyName(UNKNOWN, [], edge)).toBe('Edge on Windows');
    expect(defaultPasskeyName(UNKNOWN, [], firefox)).toBe('Firefox on Linux');
    expect(defaultPasskeyName(UNKNOWN, ['Chrome on Linux'], headless)).toBe('Chrome on Linux 2');
    // A known authenticator's name wins; an unreadable user agent leaves "Passkey".
    expect(defaultPasskeyName(ICLOUD, [], iphone)).toBe('iCloud Keychain');
    expect(defaultPasskeyName(UNKNOWN, [], 'curl/8.5.0')).toBe('Passkey');
  });

  it('numbers the name when the user already has one of it, filling the first gap', () => {
    expect(defaultPasskeyName(UNKNOWN, ['Passkey'])).toBe('Passkey 2');
    expect(defaultPasskeyName(UNKNOWN, ['Passkey', 'Passkey 2', 'Passkey 4'])).toBe('Passkey 3');
    expect(defaultPasskeyName(UNKNOWN, ['Passkey 2', 'Work laptop'])).toBe('Passkey');
    expect(defaultPasskeyName(ICLOUD, ['Passkey', 'iCloud Keychain'])).toBe('iCloud Keychain 2');
  });
});
