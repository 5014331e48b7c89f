import type { MigratedHashFields } from '@latch/api';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../../errors/AuthError';
import { readMigratedHash } from './migratedHash';
import { formatMigratedHash, parseStoredMigratedHash } from './storedMigratedHash';
import { verifyMigratedHash } from './verifyMigratedHash';

type Fields = Omit<MigratedHashFields, 'hash_type'> & { hash_type: MigratedHashFields['hash_type'] };

/** Each vector comes from the algorithm's reference or a well-known published list, never from our code. */
const VECTORS: { name: string; password: string; fields: Fields }[] = [
  // phpass's own test.php.
  {
    name: 'phpass ($P$)',
    password: 'test12345',
    fields: { hash_type: 'phpass', hash: '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0' },
  },
  // hashcat's example hashes: md5($salt.$pass) (mode 20) and md5($pass.$salt) (mode 10).
  {
    name: 'md_5, prepended salt',
    password: 'hashcat',
    fields: {
      hash_type: 'md_5',
      hash: '57ab8499d08c59a7211c77f557bf9425',
      md_5_config: { prepend_salt: '4247', append_salt: '' },
    },
  },
  {
    name: 'md_5, appended salt',
    password: 'hashcat',
    fields: {
      hash_type: 'md_5',
      hash: '3d83c8e717ff0e7ecfe187f088d69954',
      md_5_config: { prepend_salt: '', append_salt: '343141' },
    },
  },
  {
    name: 'md_5, no salt',
    password: 'password',
    fields: { hash_type: 'md_5', hash: '5f4dcc3b5aa765d61d8327deb882cf99' },
  },
  // hashcat modes 120, sha1($salt.$pass), and 110, sha1($pass.$salt).
  {
    name: 'sha_1, prepended salt',
    password: 'hashcat',
    fields: {
      hash_type: 'sha_1',
      hash: 'cac35ec206d868b7d7cb0b55f31d9425b075082b',
      sha_1_config: { prepend_salt: '5363620024', append_salt: '' },
    },
  },
  {
    name: 'sha_1, appended salt',
    password: 'hashcat',
    fields: {
      hash_type: 'sha_1',
      hash: '2fc5a684737ce1bf7b3b239df432416e0dd07357',
      sha_1_config: { prepend_salt: '', append_salt: '2014' },
    },
  },
  {
    name: 'sha_1, no salt',
    password: 'password',
    fields: { hash_type: 'sha_1', hash: '5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8' },
  },
  {
    name: 'sha_512, no salt',
    password: 'password',
    fields: {
      hash_type: 'sha_512',
      hash: 'b109f3bbbc244eb82441917ed06d618b9008dd09b3befd1b5e07394c706a8bb980b1d7785e5976ec049b46df5f1326af5a2ea6d103fd07c95385ffab0cacbc86',
    },
  },
  // The Argon2 reference implementation's README and test.c.
  {
    name: 'argon_2i, encoded form',
    password: 'password',
    fields: {
      hash_type: 'argon_2i',
      hash: '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
    },
  },
  {
    name: 'argon_2id, encoded form',
    password: 'password',
    fields: {
      hash_type: 'argon_2id',
      hash: '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
    },
  },
  {
    name: 'argon_2id, hex form with argon_2_config',
    password: 'password',
    fields: {
      hash_type: 'argon_2id',
      hash: '09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7',
      argon_2_config: { salt: 'somesalt', iteration_amount: 2, memory: 65536, threads: 1, key_length: 32 },
    },
  },
  // RFC 7914, section 12 (scrypt) and section 11 (PBKDF2-HMAC-SHA256); RFC 6070 (PBKDF2-HMAC-SHA1).
  {
    name: 'scrypt with scrypt_config',
    password: 'password',
    fields: {
      hash_type: 'scrypt',
      hash: '/bq+HJ00cgB4VucZDQHp/nxq18vII3gw53N2Y0s3MWIurzDZLiKjiG/xCSedmDDaxyevuUqD7m2DYMvfoswGQA==',
      scrypt_config: { salt: 'TmFDbA==', n_parameter: 1024, r_parameter: 8, p_parameter: 16, key_length: 64 },
    },
  },
  {
    name: 'scrypt, PHC form',
    password: 'password',
    fields: {
      hash_type: 'scrypt',
      hash: '$scrypt$ln=10,r=8,p=16$TmFDbA$/bq+HJ00cgB4VucZDQHp/nxq18vII3gw53N2Y0s3MWIurzDZLiKjiG/xCSedmDDaxyevuUqD7m2DYMvfoswGQA',
    },
  },
  {
    name: 'pbkdf_2, sha256',
    password: 'passwd',
    fields: {
      hash_type: 'pbkdf_2',
      hash: Buffer.from(
        '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
        'hex',
      ).toString('base64'),
      pbkdf_2_config: { salt: 'c2FsdA==', iteration_amount: 1, key_length: 64, algorithm: 'sha256' },
    },
  },
  {
    name: 'pbkdf_2, sha1',
    password: 'password',
    fields: {
      hash_type: 'pbkdf_2',
      hash: Buffer.from('4b007901b765489abead49d926f721d065a429c1', 'hex').toString('base64'),
      pbkdf_2_config: { salt: 'c2FsdA==', iteration_amount: 4096, key_length: 20, algorithm: 'sha1' },
    },
  },
  // Python's hashlib.pbkdf2_hmac('sha512', b'password', b'salt', 1, 64).
  {
    name: 'pbkdf_2, sha512',
    password: 'password',
    fields: {
      hash_type: 'pbkdf_2',
      hash: Buffer.from(
        '867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce',
        'hex',
      ).toString('base64'),
      pbkdf_2_config: { salt: 'c2FsdA==', iteration_amount: 1, key_length: 64, algorithm: 'sha512' },
    },
  },
];

// bcryptjs, the reference JavaScript port of OpenBSD's bcrypt, makes the bcrypt hashes.
const bcryptHash = bcrypt.hashSync('correct horse', 4);
VECTORS.push(
  ...(['$2a$', '$2b$', '$2y$'] as const).map((prefix) => ({
    name: `bcrypt ${prefix}`,
    password: 'correct horse',
    fields: { hash_type: 'bcrypt' as const, hash: prefix + bcryptHash.slice(4) },
  })),
);

const check = (password: string, fields: Fields): Promise<boolean> => {
  const stored = parseStoredMigratedHash(formatMigratedHash(fields));
  if (!stored) throw new Error('the stored form did not read back');
  return verifyMigratedHash(password, stored);
};

describe('migrated password hashes', () => {
  it.each(VECTORS)(
    '$name: the right password is accepted, a wrong one refused',
    async ({ password, fields }) => {
      expect(await check(password, fields)).toBe(true);
      expect(await check(`${password}x`, fields)).toBe(false);
      expect(await check(password.slice(1), fields)).toBe(false);
    },
    // The Argon2 reference vectors take 64 MiB each: three checks take seconds on a busy machine.
    30_000,
  );

  it('bcrypt reads the first 72 bytes of a password, as the system that made the hash did', async () => {
    const long = 'é'.repeat(40);
    const hash = bcrypt.hashSync(long, 4);
    expect(await check(long, { hash_type: 'bcrypt', hash })).toBe(true);
    expect(await check(`${long}more`, { hash_type: 'bcrypt', hash })).toBe(true);
    expect(await check('é'.repeat(35), { hash_type: 'bcrypt', hash })).toBe(false);
  });

  it.each<[string, Fields, RegExp]>([
    ['not bcrypt', { hash_type: 'bcrypt', hash: '$1$abc' }, /bcrypt/],
    ['bcrypt too costly', { hash_type: 'bcrypt', hash: `$2b$20$${bcryptHash.slice(7)}` }, /cost 4 to 15/],
    ['phpass too costly', { hash_type: 'phpass', hash: '$P$J' + 'a'.repeat(30) }, /phpass/],
    ['md5 of the wrong length', { hash_type: 'md_5', hash: 'abcd' }, /32 hexadecimal/],
    [
      'argon2 of the other variant',
      {
        hash_type: 'argon_2i',
        hash: VECTORS.find((v) => v.name === 'argon_2id, encoded form')?.fields.hash ?? '',
      },
      /argon2id hash/,
    ],
    ['argon2 hex without config', { hash_type: 'argon_2id', hash: 'abcd' }, /argon_2_config is required/],
    [
      'scrypt N not a power of two',
      {
        hash_type: 'scrypt',
        hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
        scrypt_config: {
          salt: 'c2FsdA==',
          n_parameter: 1000,
          r_parameter: 8,
          p_parameter: 1,
          key_length: 16,
        },
      },
      /power of two/,
    ],
    [
      'scrypt over 256 MiB',
      {
        hash_type: 'scrypt',
        hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
        scrypt_config: {
          salt: 'c2FsdA==',
          n_parameter: 262144,
          r_parameter: 16,
          p_parameter: 1,
          key_length: 16,
        },
      },
      /256 MiB/,
    ],
    [
      'pbkdf2 key length not the hash length',
      {
        hash_type: 'pbkdf_2',
        hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
        pbkdf_2_config: { salt: 'c2FsdA==', iteration_amount: 1, key_length: 32, algorithm: 'sha256' },
      },
      /key_length is 32/,
    ],
    [
      'pbkdf2 without config',
      { hash_type: 'pbkdf_2', hash: 'AAAAAAAAAAAAAAAAAAAAAA==' },
      /pbkdf_2_config is required/,
    ],
  ])('refuses %s with invalid_field', (_name, fields, message) => {
    let thrown: unknown;
    try {
      readMigratedHash(fields);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AuthError);
    expect(thrown).toMatchObject({ error_type: 'invalid_field', message: expect.stringMatching(message) });
  });

  it('a stored value that is not a migrated hash, or was tampered with, reads as none', () => {
    const stored = formatMigratedHash({ hash_type: 'md_5', hash: '5f4dcc3b5aa765d61d8327deb882cf99' });
    expect(parseStoredMigratedHash(stored)).not.toBeNull();
    expect(parseStoredMigratedHash('scrypt$16384$8$1$x$y')).toBeNull();
    expect(parseStoredMigratedHash(stored.replace('md_5', 'md_6'))).toBeNull();
    expect(parseStoredMigratedHash(stored.slice(0, -2))).toBeNull();
  });
});
