import { newId } from '../../crypto/ids';
import type { Db, Queryable } from '../../db/Db';
import { proveAddressInTransaction } from '../../users/proveAddress';
import { emitEvent, type EventProject } from '../../webhooks/emitEvent';
import { readLines } from './readLines';
import { BadLine, readUserLine, type ImportRecord } from './userLine';

/** Users written in one transaction: a few statements for each batch, whatever its size. */
export const IMPORT_BATCH_SIZE = 1000;
/** A longer line is refused unread (metadata and a hash fit in far less). */
export const MAX_LINE_LENGTH = 256 * 1024;

export interface ImportCounts {
  lines: number;
  created: number;
  updated: number;
  unchanged: number;
  bad: number;
}

export interface ImportReport {
  /** A refused line, by number, with what is wrong with it. */
  bad: (lineNumber: number, problem: string) => void;
  /** After each batch: the counts so far. */
  progress: (counts: ImportCounts) => void;
}

export interface ImportOptions {
  /**
   * Queue `user.created` and `user.updated` for the project's webhook endpoints, in each batch's
   * transaction. Off by default: a bulk import would otherwise send one request per user.
   */
  webhooks?: boolean;
}

type Line = { number: number; record: ImportRecord };
type Existing = { user_id: string; verified?: boolean; id?: string; external_id?: string | null };
/** A line's address: its row's id, whether the row is new, verified in the file and in the database. */
type ResolvedAddress = { id: string; isNew: boolean; verified: boolean; wasVerified: boolean };
/** A line resolved to the user it creates or updates. */
type Resolved = Line & {
  userId: string;
  isNew: boolean;
  email: ResolvedAddress | null;
  phone: ResolvedAddress | null;
};

const list = (values: (string | null)[]): string => JSON.stringify(values.filter((v) => v !== null));

async function lookUp(
  tx: Queryable,
  sql: string,
  projectId: string,
  values: (string | null)[],
): Promise<Map<string, Existing>> {
  const rows = await tx.query<Existing & { key: string }>(sql, [projectId, list(values)]);
  return new Map(rows.map((row) => [row.key, row]));
}

const BY_EXTERNAL_ID = `SELECT external_id AS key, user_id FROM users
  WHERE project_id = $1 AND external_id IN (SELECT jsonb_array_elements_text($2::jsonb))`;
const BY_EMAIL = `SELECT a.email AS key, a.user_id, a.verified, a.email_id AS id, u.external_id
  FROM user_emails a JOIN users u USING (user_id)
  WHERE a.project_id = $1 AND a.email IN (SELECT jsonb_array_elements_text($2::jsonb))`;
const BY_PHONE = `SELECT a.phone_number AS key, a.user_id, a.verified, a.phone_id AS id, u.external_id
  FROM user_phone_numbers a JOIN users u USING (user_id)
  WHERE a.project_id = $1 AND a.phone_number IN (SELECT jsonb_array_elements_text($2::jsonb))`;

const INSERT_USERS = `INSERT INTO users (user_id, project_id, status, name, trusted_metadata,
    untrusted_metadata, external_id, password_id, password_hash, created_at)
  SELECT r.user_id, $1, r.status, COALESCE(r.name, '{"first_name":"","middle_name":"","last_name":""}'),
    COALESCE(r.trusted_metadata, '{}'), COALESCE(r.untrusted_metadata, '{}'), r.external_id,
    r.password_id, r.password_hash, COALESCE(r.created_at, $3)
  FROM jsonb_to_recordset($2::jsonb) AS r(user_id text, status text, name jsonb, trusted_metadata jsonb,
    untrusted_metadata jsonb, external_id text, password_id text, password_hash text, created_at timestamptz)`;

/**
 * What a line changes on an existing user: the name and metadata it gives (replaced whole), an
 * external_id it adds, and its password while the user's is none or still a migrated one (a
 * password the user set or signed in with since is theirs). Rows that would not change are not
 * written, so a second run of the same file writes nothing.
 */
const NEW_PASSWORD = `r.password_hash IS NOT NULL AND r.password_hash IS DISTINCT FROM u.password_hash
  AND (u.password_hash IS NULL OR u.password_hash LIKE 'migrated$%')`;
const UPDATE_USERS = `UPDATE users u SET
    name = COALESCE(r.name, u.name),
    trusted_metadata = COALESCE(r.trusted_metadata, u.trusted_metadata),
    untrusted_metadata = COALESCE(r.untrusted_metadata, u.untrusted_metadata),
    external_id = COALESCE(r.external_id, u.external_id),
    password_id = CASE WHEN ${NEW_PASSWORD} THEN COALESCE(u.password_id, r.password_id) ELSE u.password_id END,
    password_requires_reset = CASE WHEN ${NEW_PASSWORD} THEN false ELSE u.password_requires_reset END,
    password_hash = CASE WHEN ${NEW_PASSWORD} THEN r.password_hash ELSE u.password_hash END
  FROM jsonb_to_recordset($2::jsonb) AS r(user_id text, name jsonb, trusted_metadata jsonb,
    untrusted_metadata jsonb, external_id text, password_id text, password_hash text)
  WHERE u.project_id = $1 AND u.user_id = r.user_id AND (
    (r.name IS NOT NULL AND r.name IS DISTINCT FROM u.name)
    OR (r.trusted_metadata IS NOT NULL AND r.trusted_metadata IS DISTINCT FROM u.trusted_metadata)
    OR (r.untrusted_metadata IS NOT NULL AND r.untrusted_metadata IS DISTINCT FROM u.untrusted_metadata)
    OR (r.external_id IS NOT NULL AND r.external_id IS DISTINCT FROM u.external_id)
    OR (${NEW_PASSWORD}))
  RETURNING u.user_id`;

const insertAddresses = (table: string, id: string, column: string): string =>
  `INSERT INTO ${table} (${id}, user_id, project_id, ${column}, verified, created_at)
   SELECT r.id, r.user_id, $1, r.value, r.verified, $3
   FROM jsonb_to_recordset($2::jsonb) AS r(id text, user_id text, value text, verified boolean)
   RETURNING user_id`;
const INSERT_EMAILS = insertAddresses('user_emails', 'email_id', 'email');
const INSERT_PHONES = insertAddresses('user_phone_numbers', 'phone_id', 'phone_number');

/**
 * Resolves each line to its user: by external_id, else by email, else by phone number (a user
 * found by address gets the line's external_id). An address that belongs to another user than the
 * one the line names, or to a user of another external_id, is a bad line.
 */
async function resolve(
  tx: Queryable,
  project: EventProject,
  lines: Line[],
  report: ImportReport,
): Promise<Resolved[]> {
  const records = lines.map((l) => l.record);
  const byExternalId = await lookUp(
    tx,
    BY_EXTERNAL_ID,
    project.project_id,
    records.map((r) => r.externalId),
  );
  const byEmail = await lookUp(
    tx,
    BY_EMAIL,
    project.project_id,
    records.map((r) => r.email),
  );
  const byPhone = await lookUp(
    tx,
    BY_PHONE,
    project.project_id,
    records.map((r) => r.phone),
  );
  const resolved: Resolved[] = [];
  for (const line of lines) {
    const { record } = line;
    const email = record.email === null ? undefined : byEmail.get(record.email);
    const phone = record.phone === null ? undefined : byPhone.get(record.phone);
    const named = record.externalId === null ? undefined : byExternalId.get(record.externalId);
    const userId = named?.user_id ?? email?.user_id ?? phone?.user_id;
    const problem = [
      ['email', email],
      ['phone_number', phone],
    ].find(
      ([, found]) =>
        typeof found === 'object' &&
        (found.user_id !== userId ||
          (record.externalId !== null &&
            found.external_id != null &&
            found.external_id !== record.externalId)),
    );
    if (problem) {
      report.bad(
        line.number,
        `${String(problem[0])}: belongs to another user (of another external_id or address)`,
      );
      continue;
    }
    const address = (
      value: string | null,
      found: Existing | undefined,
      kind: string,
      verified: boolean,
    ): ResolvedAddress | null =>
      value === null
        ? null
        : {
            id: found?.id ?? newId(kind, project.test),
            isNew: found === undefined,
            verified,
            wasVerified: found?.verified === true,
          };
    resolved.push({
      ...line,
      userId: userId ?? newId('user', project.test),
      isNew: userId === undefined,
      email: address(record.email, email, 'email', record.emailVerified),
      phone: address(record.phone, phone, 'phone-number', record.phoneVerified),
    });
  }
  return resolved;
}

const userRow =
  (project: EventProject) =>
  ({ userId, record }: Resolved) => ({
    user_id: userId,
    status: record.status,
    name: record.name,
    trusted_metadata: record.trustedMetadata,
    untrusted_metadata: record.untrustedMetadata,
    external_id: record.externalId,
    password_id: record.passwordHash === null ? null : newId('password', project.test),
    password_hash: record.passwordHash,
    created_at: record.createdAt,
  });

const ADDRESS_INSERTS = [
  [INSERT_EMAILS, (r: Resolved) => r.email && { ...r.email, value: r.record.email }],
  [INSERT_PHONES, (r: Resolved) => r.phone && { ...r.phone, value: r.record.phone }],
] as const;

/** Writes one batch in one transaction; answers how many users it created and updated. */
async function writeBatch(
  db: Db,
  project: EventProject,
  lines: Line[],
  report: ImportReport,
  options: ImportOptions,
): Promise<{ created: number; updated: number; bad: number }> {
  let bad = 0;
  const counting: ImportReport = {
    ...report,
    bad: (n, problem) => {
      bad++;
      report.bad(n, problem);
    },
  };
  const now = new Date();
  const { created, updated } = await db.transaction(async (tx) => {
    const resolved = await resolve(tx, project, lines, counting);
    const changed = new Set<string>();
    const fresh = resolved.filter((r) => r.isNew);
    const existing = resolved.filter((r) => !r.isNew);
    if (fresh.length > 0)
      await tx.query(INSERT_USERS, [project.project_id, JSON.stringify(fresh.map(userRow(project))), now]);
    for (const [sql, pick] of ADDRESS_INSERTS) {
      const rows = resolved.flatMap((r) => {
        const address = pick(r);
        if (!address?.isNew) return [];
        // A new user's addresses are as the file says; an existing user's are proved below.
        const verified = r.isNew && address.verified;
        return [{ id: address.id, user_id: r.userId, value: address.value, verified }];
      });
      if (rows.length === 0) continue;
      for (const row of await tx.query<{ user_id: string }>(sql, [
        project.project_id,
        JSON.stringify(rows),
        now,
      ]))
        changed.add(row.user_id);
    }
    // An existing user's address the file says is its user's: its proof, with what a first proof
    // takes from an account no one owned (`proveAddress`), before the file's password is stored.
    for (const line of existing) {
      for (const [address, at] of [
        [line.email, { emailId: line.email?.id ?? '' }],
        [line.phone, { phoneId: line.phone?.id ?? '' }],
      ] as const) {
        if (!address?.verified || address.wasVerified) continue;
        const proof = { project, userId: line.userId, requestSession: {}, now, address: at };
        if (await proveAddressInTransaction(tx, proof)) changed.add(line.userId);
      }
    }
    if (existing.length > 0) {
      const rows = await tx.query<{ user_id: string }>(UPDATE_USERS, [
        project.project_id,
        JSON.stringify(existing.map(userRow(project))),
      ]);
      for (const row of rows) changed.add(row.user_id);
    }
    const createdIds = new Set(fresh.map((r) => r.userId));
    const updatedIds = [...changed].filter((id) => !createdIds.has(id));
    if (options.webhooks) {
      for (const user_id of createdIds) await emitEvent(tx, project, 'user.created', { user_id }, now);
      for (const user_id of updatedIds) await emitEvent(tx, project, 'user.updated', { user_id }, now);
    }
    return { created: createdIds.size, updated: updatedIds.length };
  });
  return { created, updated, bad };
}

/** The keys a line names a user by: two lines sharing one go to different batches. */
const keysOf = (record: ImportRecord): string[] =>
  [
    record.externalId === null ? null : `x:${record.externalId}`,
    record.email === null ? null : `e:${record.email}`,
    record.phone === null ? null : `p:${record.phone}`,
  ].filter((key) => key !== null);

/**
 * Imports a JSON Lines stream of users into a project, `IMPORT_BATCH_SIZE` at a time: each line
 * creates its user or updates the one its external_id (else email, else phone number) names. A bad
 * line is reported with its number and the rest go on; webhook events only when `options` asks.
 * Answers the counts.
 */
export async function importUsers(
  db: Db,
  project: EventProject,
  chunks: AsyncIterable<Buffer | string>,
  report: ImportReport,
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const counts: ImportCounts = { lines: 0, created: 0, updated: 0, unchanged: 0, bad: 0 };
  let batch: Line[] = [];
  let keys = new Set<string>();
  const flush = async () => {
    if (batch.length === 0) return;
    const written = await writeBatch(db, project, batch, report, options);
    counts.created += written.created;
    counts.updated += written.updated;
    counts.bad += written.bad;
    counts.unchanged += batch.length - written.bad - written.created - written.updated;
    batch = [];
    keys = new Set();
    report.progress({ ...counts });
  };
  for await (const line of readLines(chunks, MAX_LINE_LENGTH)) {
    counts.lines++;
    if (line.text.trim() === '') continue;
    let record: ImportRecord;
    try {
      if (line.tooLong) throw new BadLine(`longer than ${MAX_LINE_LENGTH} characters`);
      record = readUserLine(line.text);
    } catch (error) {
      if (!(error instanceof BadLine)) throw error;
      counts.bad++;
      report.bad(line.number, error.message);
      continue;
    }
    const lineKeys = keysOf(record);
    if (lineKeys.some((key) => keys.has(key)) || batch.length >= IMPORT_BATCH_SIZE) await flush();
    for (const key of lineKeys) keys.add(key);
    batch.push({ number: line.number, record });
  }
  await flush();
  return counts;
}
