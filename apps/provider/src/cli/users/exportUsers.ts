import type { Queryable } from '../../db/Db';
import type { ProjectRef } from '../../users/project';
import { MIGRATED_PREFIX } from '../../passwords/migrated/storedMigratedHash';
import { parseScryptHash } from '../../passwords/scryptFormat';

const PAGE_SIZE = 1000;

type ExportRow = {
  user_id: string;
  external_id: string | null;
  status: string;
  name: Record<string, string>;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  password_hash: string | null;
  created_at: Date | string;
  emails: { email: string; verified: boolean }[];
  phones: { phone_number: string; verified: boolean }[];
};

const PAGE_SQL = `SELECT u.user_id, u.external_id, u.status, u.name, u.trusted_metadata, u.untrusted_metadata,
    u.password_hash, u.created_at,
    (SELECT coalesce(json_agg(json_build_object('email', e.email, 'verified', e.verified)
       ORDER BY e.created_at, e.email_id), '[]') FROM user_emails e WHERE e.user_id = u.user_id) AS emails,
    (SELECT coalesce(json_agg(json_build_object('phone_number', p.phone_number, 'verified', p.verified)
       ORDER BY p.created_at, p.phone_id), '[]') FROM user_phone_numbers p WHERE p.user_id = u.user_id) AS phones
  FROM users u WHERE u.project_id = $1 AND u.user_id > $2 ORDER BY u.user_id LIMIT $3`;

const b64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '');

/**
 * A stored password hash in the import's `password` shape: a migrated hash as it came, ours as
 * scrypt in PHC form (its parameters, salt and hash). Null for none.
 */
function passwordOf(stored: string | null): Record<string, unknown> | null {
  if (stored === null) return null;
  if (stored.startsWith(MIGRATED_PREFIX))
    return JSON.parse(stored.slice(MIGRATED_PREFIX.length)) as Record<string, unknown>;
  const scrypt = parseScryptHash(stored);
  if (!scrypt) return null;
  const { N, r, p, salt, hash } = scrypt;
  return { hash_type: 'scrypt', hash: `$scrypt$ln=${Math.log2(N)},r=${r},p=${p}$${b64(salt)}$${b64(hash)}` };
}

/** One user as a line of the import format; `extra` counts the addresses past the first of each kind. */
function lineOf(row: ExportRow): { line: string; extra: number } {
  const [email, ...moreEmails] = row.emails;
  const [phone, ...morePhones] = row.phones;
  const password = passwordOf(row.password_hash);
  const user = {
    ...(row.external_id === null ? {} : { external_id: row.external_id }),
    ...(email ? { email: email.email, email_verified: email.verified } : {}),
    ...(phone ? { phone_number: phone.phone_number, phone_number_verified: phone.verified } : {}),
    name: row.name,
    trusted_metadata: row.trusted_metadata,
    untrusted_metadata: row.untrusted_metadata,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    ...(password ? { password } : {}),
  };
  return { line: JSON.stringify(user), extra: moreEmails.length + morePhones.length };
}

/**
 * The project's users as lines of the import format, a page at a time (by user_id, so users made
 * during the export do not shift the pages). A user without an email or phone number is skipped:
 * the format cannot name it. `counts` says how many were written, skipped, and how many addresses
 * past a user's first of each kind were left out.
 */
export async function* exportUsers(
  db: Queryable,
  project: ProjectRef,
  counts: { users: number; skipped: number; extraAddresses: number },
): AsyncGenerator<string> {
  let after = '';
  for (;;) {
    const rows = await db.query<ExportRow>(PAGE_SQL, [project.project_id, after, PAGE_SIZE]);
    for (const row of rows) {
      if (row.emails.length === 0 && row.phones.length === 0) {
        counts.skipped++;
        continue;
      }
      const { line, extra } = lineOf(row);
      counts.users++;
      counts.extraAddresses += extra;
      yield line;
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) return;
    after = last.user_id;
  }
}
