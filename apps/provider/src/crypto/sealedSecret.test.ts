import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/loadConfig';
import { keyringOf } from './Keyring';
import { DEV_KEY_FILE, loadKeyring } from './loadKeyring';
import { parseEncryptionKeys } from './parseEncryptionKeys';
import { openSecret, sealedWith, sealSecret } from './sealedSecret';
import { UnopenableSecretError } from './UnopenableSecretError';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const keys = (value: string) => {
  const parsed = parseEncryptionKeys(value);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

describe('sealed secrets', () => {
  it('open with the key that sealed them, for the purpose they were sealed for, and show no plaintext', async () => {
    const keyring = keyringOf(keys(`one:${key(1)}`));
    const sealed = await sealSecret(keyring, '{"d":"private-exponent"}', 'signing key a');
    expect(sealed).not.toContain('private');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain('private');
    expect(sealedWith(sealed)).toBe('one');
    expect(await openSecret(keyring, sealed, 'signing key a')).toBe('{"d":"private-exponent"}');
    // Moved to another row, it does not open there.
    await expect(openSecret(keyring, sealed, 'signing key b')).rejects.toThrow(UnopenableSecretError);
  });

  it('open after a rotation of the encryption key while the old one is still listed, and not after', async () => {
    const sealed = await sealSecret(keyringOf(keys(`old:${key(1)}`)), 'secret', 'x');
    const rotated = keyringOf(keys(`new:${key(2)},old:${key(1)}`));
    expect(await openSecret(rotated, sealed, 'x')).toBe('secret');
    expect(sealedWith(await sealSecret(rotated, 'secret', 'x'))).toBe('new');
    await expect(openSecret(keyringOf(keys(`new:${key(2)}`)), sealed, 'x')).rejects.toThrow(
      'x is sealed with encryption key "old", which LATCH_ENCRYPTION_KEY does not hold',
    );
    // The same id with other bytes: refused, not garbage.
    await expect(openSecret(keyringOf(keys(`old:${key(3)}`)), sealed, 'x')).rejects.toThrow(
      'x does not open with encryption key "old"',
    );
  });
});

describe('LATCH_ENCRYPTION_KEY', () => {
  it('takes id:base64 or base64 of 32 bytes, and says what is wrong otherwise without repeating a key', () => {
    expect(keys(`a:${key(1)}, ${key(2)}`).map((k) => k.id)).toEqual(['a', expect.stringMatching(/^k-/)]);
    expect(keys(Buffer.alloc(32, 9).toString('base64url'))[0]?.key).toEqual(new Uint8Array(32).fill(9));
    expect(parseEncryptionKeys(`a:${Buffer.alloc(16).toString('base64')}`)).toBe(
      'key 1: holds 16 bytes, not 32 (generate one with "openssl rand -base64 32")',
    );
    expect(parseEncryptionKeys(`a:${key(1)},a:${key(2)}`)).toBe('key 2: the id "a" is used twice');
    expect(parseEncryptionKeys('bad id:abc')).toMatch(/^key 1: the id before ":" must be/);
    expect(parseEncryptionKeys('not base64!')).toMatch(/^key 1: is not base64/);
  });
});

describe('loadKeyring', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'latch-keyring-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a production start without keys, in one line', () => {
    expect(() => loadKeyring({ encryptionKeys: undefined, production: true, dataDir })).toThrow(ConfigError);
    expect(() => loadKeyring({ encryptionKeys: undefined, production: true, dataDir })).toThrow(
      /^LATCH_ENCRYPTION_KEY: not set; a provider with a live project \(or NODE_ENV=production\) seals/,
    );
  });

  it('generates a dev key once in the data folder, readable by its owner only, and says so', () => {
    const first = loadKeyring({ encryptionKeys: undefined, production: false, dataDir });
    const second = loadKeyring({ encryptionKeys: undefined, production: false, dataDir });
    expect(second.keyring.current).toEqual(first.keyring.current);
    expect(first.devKey).toBe(true);
    expect(first.line).toContain(
      'a generated dev key: set LATCH_ENCRYPTION_KEY before serving live projects',
    );
    const file = join(dataDir, DEV_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^${first.keyring.current.id}:`));
  });

  it('uses LATCH_ENCRYPTION_KEY when set, in production or not', () => {
    const loaded = loadKeyring({ encryptionKeys: keys(`prod-1:${key(4)}`), production: true, dataDir });
    expect([loaded.keyring.current.id, loaded.devKey, loaded.line]).toEqual([
      'prod-1',
      false,
      'LATCH_ENCRYPTION_KEY (prod-1)',
    ]);
  });
});
