import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { keyringOf, processKeyring, type Keyring } from '../crypto/Keyring';
import { openSecret } from '../crypto/sealedSecret';
import { UnopenableSecretError } from '../crypto/UnopenableSecretError';
import { DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import { testProject } from '../../test/testConfig';
import { sealSigningKeys } from './sealSigningKeys';
import { currentSigningKey, keyRows, privateKeyPurpose, rotateSigningKey, useKeyring } from './signingKeys';

const keyring = (id: string, fill: number): Keyring =>
  keyringOf([{ id, key: new Uint8Array(32).fill(fill) }]);
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

/** The table as a dump shows it: every column of every row, as text. */
const dumpTable = async (db: Db): Promise<string> =>
  (await db.query<{ row: string }>('SELECT row_to_json(k)::text AS row FROM signing_keys k ORDER BY kid'))
    .map((r) => r.row)
    .join('\n');

/** A key stored as the provider stored them before sealing existed: the private JWK in plain. */
async function insertPlainKey(db: Db, kid: string): Promise<JWK> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await db.query(
    `INSERT INTO signing_keys (kid, project_id, public_jwk, private_jwk, created_at, activates_at)
     VALUES ($1, $2, $3, $4, now() - interval '1 day', now() - interval '1 day')`,
    [
      kid,
      'project-old',
      JSON.stringify({ ...(await exportJWK(publicKey)), kid }),
      JSON.stringify(privateJwk),
    ],
  );
  return privateJwk;
}

describe.each(DB_KINDS)('signing keys at rest (%s)', (kind) => {
  let db: Db | undefined;
  afterEach(async () => {
    if (!db) return;
    // The worker hands this PGlite to later files: it leaves with the keyring it came with.
    useKeyring(db, processKeyring());
    await db.close();
  });

  it('a dump of the table holds no private key material: new keys are sealed, old plain ones sealed at start', async () => {
    db = await openMigratedTestDb(kind);
    const operator = keyring('prod-1', 1);
    useKeyring(db, operator);
    const plain = await insertPlainKey(db, `jwk-test-plain-${kind}`);
    await currentSigningKey(db, testProject());
    await rotateSigningKey(db, testProject());

    expect(await sealSigningKeys(db, operator)).toEqual({ sealed: 1, resealed: 0 });
    const rows = await keyRows(db);
    expect(rows).toHaveLength(3);
    const privates: JWK[] = [plain];
    for (const row of rows) {
      if (row.private_key_sealed === null) throw new Error(`${row.kid} is not sealed`);
      privates.push(
        JSON.parse(await openSecret(operator, row.private_key_sealed, privateKeyPurpose(row.kid))) as JWK,
      );
    }
    const dump = await dumpTable(db);
    expect(dump).not.toMatch(/"(d|p|q|dp|dq|qi)"\s*:/);
    for (const jwk of privates)
      for (const member of PRIVATE_MEMBERS) {
        const value = jwk[member];
        if (typeof value !== 'string') throw new Error(`the private JWK has no ${member}`);
        expect(dump).not.toContain(value);
        expect(dump).not.toContain(Buffer.from(value, 'base64url').toString('hex'));
      }
    // What is there is JWE, naming the encryption key, and the public keys.
    expect(dump).toContain('"private_key_sealed":"eyJ');
    expect(rows.every((row) => typeof row.public_jwk.n === 'string')).toBe(true);
  }, 30_000);

  it('reseals with a new encryption key listed first, and refuses a start whose keys lack the sealing one', async () => {
    db = await openMigratedTestDb(kind);
    const old = keyring('old', 1);
    useKeyring(db, old);
    const { kid } = await currentSigningKey(db, testProject());
    const both = keyringOf([...keyring('new', 2).byId.values(), old.current]);
    expect(await sealSigningKeys(db, both)).toEqual({ sealed: 0, resealed: 1 });
    expect(await sealSigningKeys(db, keyring('new', 2))).toEqual({ sealed: 0, resealed: 0 });
    const refused = sealSigningKeys(db, keyring('other', 3));
    await expect(refused).rejects.toThrow(UnopenableSecretError);
    await expect(sealSigningKeys(db, keyring('other', 3))).rejects.toThrow(
      `signing key ${kid} is sealed with encryption key "new", which LATCH_ENCRYPTION_KEY does not hold`,
    );
  }, 30_000);
});
