/**
 * How a user's sign-in identifier is stored: an `INSERT` taking (id, user_id, project_id, value,
 * created_at) as `$1`..`$5` that does nothing, instead of failing, when the project already has the
 * value. Table and column names are ours, never request input.
 */
export interface IdentifierInsert {
  table: string;
  /** The identifier's own column (`email`, `phone_number`). */
  column: string;
  /** The unique key a duplicate hits. */
  conflict: string;
  /** The id column, answered as `id`. */
  id: string;
  /** For `DuplicateIdentifierError`. */
  what: string;
  /** `newId` kind of the identifier. */
  kind: string;
}

export const EMAIL_INSERT: IdentifierInsert = {
  table: 'user_emails',
  column: 'email',
  conflict: '(project_id, email)',
  id: 'email_id',
  what: 'The email address',
  kind: 'email',
};

export const PHONE_INSERT: IdentifierInsert = {
  table: 'user_phone_numbers',
  column: 'phone_number',
  conflict: '(project_id, phone_number)',
  id: 'phone_id',
  what: 'The phone number',
  kind: 'phone-number',
};

/** The identifier row alone (`$1`..`$5`), answering `id`, or no row on a duplicate. */
export const insertIdentifierSql = ({ table, column, conflict, id }: IdentifierInsert, when = ''): string =>
  `INSERT INTO ${table} (${id}, user_id, project_id, ${column}, created_at)
   SELECT $1, $2, $3, $4, $5${when} ON CONFLICT ${conflict} DO NOTHING RETURNING ${id} AS id`;

/**
 * CTE `identifier` (the insert, only `when` it applies) and CTE `created`: the user `$2` of project
 * `$3` with status `$6` at `$5`, inserted only when the identifier was. The identifier's foreign
 * key is checked at the end of the statement, when both rows exist; on a duplicate neither does.
 * So a user and its identifier are created all or nothing in one statement, without a transaction.
 */
export const createWithIdentifierCtes = (insert: IdentifierInsert, when = ''): string =>
  `identifier AS (${insertIdentifierSql(insert, when)}),
   created AS (
     INSERT INTO users (user_id, project_id, status, created_at)
     SELECT $2, $3, $6, $5 WHERE EXISTS (SELECT 1 FROM identifier))`;
