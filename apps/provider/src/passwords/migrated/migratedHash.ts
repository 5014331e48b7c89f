import type { MigratedHashFields } from '@latch/api';
import { AuthError } from '../../errors/AuthError';
import { scryptMemoryBytes } from '../scryptFormat';
import { phpassLog2Rounds } from './phpass';

/** A migrated hash read and checked: what verifying a password against it needs. */
export type MigratedHash =
  | { kind: 'bcrypt'; hash: string }
  | { kind: 'phpass'; hash: string }
  | { kind: 'digest'; algorithm: 'md5' | 'sha1' | 'sha512'; prepend: string; append: string; digest: Buffer }
  | {
      kind: 'argon2';
      variant: 'argon2i' | 'argon2id';
      salt: Buffer;
      iterations: number;
      memoryKiB: number;
      parallelism: number;
      hash: Buffer;
    }
  | { kind: 'scrypt'; salt: Buffer; N: number; r: number; p: number; hash: Buffer }
  | {
      kind: 'pbkdf2';
      algorithm: 'sha1' | 'sha256' | 'sha512';
      salt: Buffer;
      iterations: number;
      hash: Buffer;
    };

// The bcrypt costs accepted: above 15 a single check takes seconds.
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const MAX_BCRYPT_COST = 15;
// Above 2^18 rounds a phpass check takes seconds; WordPress uses 2^8.
const MAX_PHPASS_LOG2 = 18;
const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+={0,2}$/;
const DIGEST_HEX_LENGTH = { md5: 32, sha1: 40, sha512: 128 } as const;
const MAX_SCRYPT_MEMORY_BYTES = 256 * 1024 * 1024;
const ARGON2_PHC =
  /^\$(argon2id?)\$v=(\d+)\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
const SCRYPT_PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

const refuse = (message: string): never => {
  throw new AuthError('invalid_field', message);
};

function base64(value: string, field: string): Buffer {
  if (!BASE64.test(value)) refuse(`${field}: expected base64.`);
  return Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
}

function needs<T>(config: T | undefined, name: string, type: string): T {
  return config ?? refuse(`${name} is required for hash_type ${type} in this form.`);
}

function digest(fields: MigratedHashFields, algorithm: 'md5' | 'sha1' | 'sha512'): MigratedHash {
  const config =
    algorithm === 'md5'
      ? fields.md_5_config
      : algorithm === 'sha1'
        ? fields.sha_1_config
        : fields.sha_512_config;
  const length = DIGEST_HEX_LENGTH[algorithm];
  if (fields.hash.length !== length || !HEX.test(fields.hash))
    refuse(`hash: expected the ${algorithm.toUpperCase()} digest as ${length} hexadecimal digits.`);
  return {
    kind: 'digest',
    algorithm,
    prepend: config?.prepend_salt ?? '',
    append: config?.append_salt ?? '',
    digest: Buffer.from(fields.hash, 'hex'),
  };
}

function argon2(fields: MigratedHashFields, variant: 'argon2i' | 'argon2id'): MigratedHash {
  const phc = ARGON2_PHC.exec(fields.hash);
  if (phc) {
    const [, id, version, m, t, p, salt = '', hash = ''] = phc;
    if (id !== variant) refuse(`hash: an ${id} hash given as hash_type ${fields.hash_type}.`);
    if (version !== '19') refuse('hash: only Argon2 version 19 (v=19) is supported.');
    const memoryKiB = Number(m);
    const iterations = Number(t);
    const parallelism = Number(p);
    if (memoryKiB > 262_144 || iterations < 1 || iterations > 16 || parallelism < 1 || parallelism > 16)
      refuse('hash: Argon2 parameters out of bounds (m at most 262144, t 1 to 16, p 1 to 16).');
    return {
      kind: 'argon2',
      variant,
      salt: base64(salt, 'hash'),
      iterations,
      memoryKiB,
      parallelism,
      hash: base64(hash, 'hash'),
    };
  }
  const config = needs(fields.argon_2_config, 'argon_2_config', fields.hash_type);
  if (!HEX.test(fields.hash) || fields.hash.length !== 2 * config.key_length)
    refuse(
      `hash: expected the encoded form ($${variant}$v=19$...) or ${config.key_length} bytes in hexadecimal.`,
    );
  return {
    kind: 'argon2',
    variant,
    salt: Buffer.from(config.salt, 'utf8'),
    iterations: config.iteration_amount,
    memoryKiB: config.memory,
    parallelism: config.threads,
    hash: Buffer.from(fields.hash, 'hex'),
  };
}

function scrypt(fields: MigratedHashFields): MigratedHash {
  const phc = SCRYPT_PHC.exec(fields.hash);
  const parsed = phc
    ? {
        N: 2 ** Number(phc[1]),
        r: Number(phc[2]),
        p: Number(phc[3]),
        salt: base64(phc[4] ?? '', 'hash'),
        hash: base64(phc[5] ?? '', 'hash'),
      }
    : (() => {
        const config = needs(fields.scrypt_config, 'scrypt_config', 'scrypt');
        const hash = base64(fields.hash, 'hash');
        if (hash.length !== config.key_length)
          refuse(`hash: ${hash.length} bytes, but scrypt_config.key_length is ${config.key_length}.`);
        return {
          N: config.n_parameter,
          r: config.r_parameter,
          p: config.p_parameter,
          salt: base64(config.salt, 'scrypt_config.salt'),
          hash,
        };
      })();
  const { N, r, p } = parsed;
  if (N < 2 || !Number.isInteger(Math.log2(N)) || r < 1 || p < 1 || p > 16)
    refuse('scrypt: N must be a power of two greater than 1, r at least 1, p from 1 to 16.');
  if (scryptMemoryBytes({ N, r, p }) > MAX_SCRYPT_MEMORY_BYTES)
    refuse('scrypt: N·r needs more than 256 MiB.');
  if (parsed.hash.length < 16) refuse('hash: shorter than 16 bytes.');
  return { kind: 'scrypt', ...parsed };
}

function pbkdf2(fields: MigratedHashFields): MigratedHash {
  const config = needs(fields.pbkdf_2_config, 'pbkdf_2_config', 'pbkdf_2');
  const hash = base64(fields.hash, 'hash');
  if (hash.length !== config.key_length)
    refuse(`hash: ${hash.length} bytes, but pbkdf_2_config.key_length is ${config.key_length}.`);
  return {
    kind: 'pbkdf2',
    algorithm: config.algorithm,
    salt: base64(config.salt, 'pbkdf_2_config.salt'),
    iterations: config.iteration_amount,
    hash,
  };
}

/**
 * Reads a migration's hash and configuration as `POST /v1/passwords/migrate` takes them; a hash
 * that is not of its type, or asks for more work than a sign-in may cost, is `invalid_field`.
 */
export function readMigratedHash(fields: MigratedHashFields): MigratedHash {
  const { hash } = fields;
  switch (fields.hash_type) {
    case 'bcrypt': {
      const cost = Number(BCRYPT.exec(hash)?.[1] ?? Number.NaN);
      if (!(cost >= 4 && cost <= MAX_BCRYPT_COST))
        refuse(`hash: expected a bcrypt hash ($2a$, $2b$ or $2y$) of cost 4 to ${MAX_BCRYPT_COST}.`);
      return { kind: 'bcrypt', hash };
    }
    case 'phpass': {
      const log2 = phpassLog2Rounds(hash);
      if (log2 === null || log2 < 7 || log2 > MAX_PHPASS_LOG2)
        refuse(`hash: expected a phpass hash ($P$ or $H$) of 2^7 to 2^${MAX_PHPASS_LOG2} rounds.`);
      return { kind: 'phpass', hash };
    }
    case 'md_5':
      return digest(fields, 'md5');
    case 'sha_1':
      return digest(fields, 'sha1');
    case 'sha_512':
      return digest(fields, 'sha512');
    case 'argon_2i':
      return argon2(fields, 'argon2i');
    case 'argon_2id':
      return argon2(fields, 'argon2id');
    case 'scrypt':
      return scrypt(fields);
    case 'pbkdf_2':
      return pbkdf2(fields);
  }
}
