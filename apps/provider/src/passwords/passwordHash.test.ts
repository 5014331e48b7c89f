import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_PARAMS, scryptParams, verifyPassword } from './passwordHash';
import { MAX_PASSWORD_LENGTH, PasswordInputError } from './passwordInput';
import { formatScryptHash, parseScryptHash } from './scryptFormat';

describe('hashPassword / verifyPassword', () => {
  // The suite's one hash + verify at production cost: ~100 ms when quiet, seconds on a loaded box.
  it('round-trips at the production cost and stores the parameters in the string', async () => {
    const stored = await hashPassword('correct horse battery staple', SCRYPT_PARAMS);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  }, 30_000);

  it('uses a fresh salt per hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(parseScryptHash(a)?.salt.length).toBe(16);
    expect(parseScryptHash(a)?.salt.equals(parseScryptHash(b)?.salt ?? Buffer.alloc(0))).toBe(false);
  });

  it('rejects a wrong password', async () => {
    const stored = await hashPassword('hunter2-but-longer');
    expect(await verifyPassword('hunter2-but-longeR', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats NFC and NFD spellings of the same password as equal', async () => {
    const stored = await hashPassword('caf\u00e9-au-lait');
    expect(await verifyPassword('cafe\u0301-au-lait', stored)).toBe(true);
  });

  it('answers false, not a throw, for tampered or malformed stored strings', async () => {
    const stored = await hashPassword('tamper me please');
    const parsed = parseScryptHash(stored);
    if (!parsed) throw new Error('fresh hash must parse');
    const flipped = Buffer.from(parsed.hash);
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const cases = [
      formatScryptHash({ ...parsed, hash: flipped }),
      formatScryptHash({ ...parsed, N: parsed.N / 2 }),
      stored.replace('$8$', '$9$'),
      formatScryptHash({ ...parsed, salt: Buffer.alloc(16) }),
      `${stored}$extra`,
      stored.replace('scrypt', 'SCRYPT'),
      'scrypt$33000$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAA==', // N not a power of two
      'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAA==', // asks for 1 TiB
      'bcrypt$2b$10$abcdefghijklmnopqrstuv',
      '',
    ];
    for (const bad of cases) {
      await expect(verifyPassword('tamper me please', bad)).resolves.toBe(false);
    }
  });

  it('refuses empty and over-long passwords cleanly', async () => {
    const tooLong = 'a'.repeat(MAX_PASSWORD_LENGTH + 1);
    await expect(hashPassword(tooLong)).rejects.toBeInstanceOf(PasswordInputError);
    await expect(hashPassword('')).rejects.toMatchObject({ problem: 'empty' });
    // 256 emoji are 512 UTF-16 units but 256 characters: allowed.
    const emoji = '\u{1F510}'.repeat(MAX_PASSWORD_LENGTH);
    const stored = await hashPassword(emoji);
    expect(await verifyPassword(emoji, stored)).toBe(true);
    expect(await verifyPassword(tooLong, stored)).toBe(false);
  });
});

describe('needsRehash', () => {
  const salt = Buffer.alloc(16, 7);
  const hash = Buffer.alloc(32, 9);

  it('is false for a hash made with the current parameters', async () => {
    expect(needsRehash(await hashPassword('fresh password'))).toBe(false);
  });

  it('is true when any parameter is below the current one, or the string is unreadable', () => {
    const weaker = (params: Parameters<typeof formatScryptHash>[0]) =>
      needsRehash(formatScryptHash(params), SCRYPT_PARAMS);
    expect(weaker({ ...SCRYPT_PARAMS, N: 2 ** 14, salt, hash })).toBe(true);
    expect(weaker({ ...SCRYPT_PARAMS, r: 4, salt, hash })).toBe(true);
    expect(weaker({ ...SCRYPT_PARAMS, hash: Buffer.alloc(16, 9), salt })).toBe(true);
    expect(needsRehash('not a hash', SCRYPT_PARAMS)).toBe(true);
  });

  it('accepts a legacy hash that still verifies, then asks for a rehash', async () => {
    const { scryptSync } = await import('node:crypto');
    const legacy = { N: 2 ** 14, r: 8, p: 1 };
    const legacyHash = scryptSync('old password', salt, 32, legacy);
    const stored = formatScryptHash({ ...legacy, salt, hash: legacyHash });
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(needsRehash(stored, SCRYPT_PARAMS)).toBe(true);
  });
});

describe('scryptParams', () => {
  it('is the production cost unless LATCH_SCRYPT_LOG2N lowers N', () => {
    expect(scryptParams({})).toEqual(SCRYPT_PARAMS);
    expect(scryptParams({ LATCH_SCRYPT_LOG2N: '11' })).toEqual({ ...SCRYPT_PARAMS, N: 2048 });
  });

  it('refuses a cost a stored hash could not record, or above production', () => {
    for (const bad of ['9', '16', '10.5', 'low']) {
      expect(() => scryptParams({ LATCH_SCRYPT_LOG2N: bad })).toThrow(/LATCH_SCRYPT_LOG2N/);
    }
  });

  it('hashes at the lowered cost, and such a hash still verifies and is current', async () => {
    const low = scryptParams({ LATCH_SCRYPT_LOG2N: '11' });
    const stored = await hashPassword('cheap in tests', low);
    expect(parseScryptHash(stored)?.N).toBe(2048);
    expect(await verifyPassword('cheap in tests', stored)).toBe(true);
    expect(needsRehash(stored, low)).toBe(false);
    expect(needsRehash(stored, SCRYPT_PARAMS)).toBe(true);
  });
});
