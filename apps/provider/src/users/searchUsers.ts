import type { User, UserSearchOperand } from '@latch/api';
import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { normalizeEmail } from './email';
import { toUser, userJsonSql, type UserJson } from './userJson';

export interface UserSearch {
  operator: 'AND' | 'OR';
  operands: UserSearchOperand[];
  limit: number;
  cursor?: string | undefined;
}

export interface UserSearchPage {
  results: User[];
  results_metadata: { total: number; next_cursor: string | null };
}

/** A validated RFC 3339 timestamp as PostgreSQL reads it whatever its offset notation. */
const iso = (value: string): string => new Date(value).toISOString();

/** Adds a parameter and answers its placeholder. */
type Param = (value: unknown) => string;

/** `%value%` for LIKE, with the pattern characters of the value itself escaped. */
const contains = (value: string): string => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

const hasEmail = (condition: string) =>
  `EXISTS (SELECT 1 FROM user_emails e WHERE e.user_id = su.user_id AND ${condition})`;
const hasPhone = (condition: string) =>
  `EXISTS (SELECT 1 FROM user_phone_numbers p WHERE p.user_id = su.user_id AND ${condition})`;
/** A list parameter as a set: JSON text, so PGlite and PostgreSQL read it the same way. */
const oneOf = (p: Param, values: readonly string[]) =>
  `IN (SELECT jsonb_array_elements_text(${p(JSON.stringify(values))}::jsonb))`;

/**
 * The SQL condition of one operand. Only the operand's name picks SQL text; every value is a
 * parameter. `email_verified` / `phone_verified` match a user with at least one such identifier.
 */
function condition(operand: UserSearchOperand, p: Param): string {
  switch (operand.filter_name) {
    case 'email_address':
      return hasEmail(`e.email ${oneOf(p, operand.filter_value.map(normalizeEmail))}`);
    case 'email_address_fuzzy':
      return hasEmail(`e.email LIKE ${p(contains(normalizeEmail(operand.filter_value)))}`);
    case 'email_id':
      return hasEmail(`e.email_id ${oneOf(p, operand.filter_value)}`);
    case 'email_verified':
      return hasEmail(`e.verified = ${p(operand.filter_value)}`);
    case 'phone_number':
      return hasPhone(
        `p.phone_number ${oneOf(
          p,
          operand.filter_value.map((n) => n.trim()),
        )}`,
      );
    case 'phone_number_fuzzy':
      return hasPhone(`p.phone_number LIKE ${p(contains(operand.filter_value.trim()))}`);
    case 'phone_id':
      return hasPhone(`p.phone_id ${oneOf(p, operand.filter_value)}`);
    case 'phone_verified':
      return hasPhone(`p.verified = ${p(operand.filter_value)}`);
    case 'status':
      return `su.status = ${p(operand.filter_value)}`;
    case 'user_id':
      return `su.user_id ${oneOf(p, operand.filter_value)}`;
    case 'external_id':
      return `su.external_id ${oneOf(p, operand.filter_value)}`;
    case 'created_at_greater_than':
      return `su.created_at > ${p(iso(operand.filter_value))}::timestamptz`;
    case 'created_at_less_than':
      return `su.created_at < ${p(iso(operand.filter_value))}::timestamptz`;
    case 'created_at_between':
      return `(su.created_at > ${p(iso(operand.filter_value.greater_than))}::timestamptz
        AND su.created_at < ${p(iso(operand.filter_value.less_than))}::timestamptz)`;
  }
}

/** The cursor names the last user of the page before: its creation time (in microseconds, exact) and id. */
const encodeCursor = (createdMicros: string, userId: string): string =>
  Buffer.from(JSON.stringify([createdMicros, userId])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^[0-9]{1,17}$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      !value[1].includes('\u0000')
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // Answered below, like any other cursor this provider did not hand out.
  }
  throw new AuthError('invalid_field', 'cursor: not a cursor of a previous search page.');
}

/**
 * One page of the project's users matching every operand (AND) or any (OR), oldest first, with the
 * total count and the cursor of the next page (null on the last). The SQL text varies only with
 * the operands' names and order, never their values.
 */
export async function searchUsers(
  db: Queryable,
  projectId: string,
  search: UserSearch,
): Promise<UserSearchPage> {
  const params: unknown[] = [projectId];
  const p: Param = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = search.operands.map((operand) => condition(operand, p));
  const filter =
    conditions.length === 0 ? 'TRUE' : conditions.map((c) => `(${c})`).join(` ${search.operator} `);
  // `su`, not `u`: userJsonSql's own subquery names its row `u`.
  const where = `su.project_id = $1 AND (${filter})`;
  const [counted] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM users su WHERE ${where}`,
    params,
  );
  let after = '';
  if (search.cursor) {
    const [createdMicros, userId] = decodeCursor(search.cursor);
    const createdAt = `timestamptz 'epoch' + ${p(createdMicros)}::bigint * interval '1 microsecond'`;
    after = ` AND (su.created_at, su.user_id) > (${createdAt}, ${p(userId)})`;
  }
  const rows = await db.query<{ user_id: string; created_micros: string; user_json: UserJson }>(
    `SELECT su.user_id, (extract(epoch FROM su.created_at) * 1000000)::bigint::text AS created_micros,
       ${userJsonSql('su.user_id')} AS user_json
     FROM users su WHERE ${where}${after}
     ORDER BY su.created_at, su.user_id LIMIT ${p(search.limit + 1)}`,
    params,
  );
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  return {
    results: page.map((row) => toUser(row.user_json)),
    results_metadata: {
      total: counted?.total ?? 0,
      next_cursor:
        rows.length > search.limit && last ? encodeCursor(last.created_micros, last.user_id) : null,
    },
  };
}
