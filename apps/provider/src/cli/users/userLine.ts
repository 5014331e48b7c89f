import {
  externalId,
  flag,
  jsonObject,
  jsonRecord,
  migratedHashSchema,
  oneOf,
  text,
  userName,
} from '@latch/api';
import * as v from 'valibot';
import { AuthError } from '../../errors/AuthError';
import { formatMigratedHash } from '../../passwords/migrated/storedMigratedHash';
import { isE164 } from '../../users/phone';
import { parseEmail } from '../../users/email';

/** One line of the import format (docs/importing-users.md); unknown keys are ignored. */
const userLineSchema = jsonObject({
  external_id: v.exactOptional(externalId()),
  email: v.exactOptional(text({ min: 1, max: 320 })),
  email_verified: v.exactOptional(flag()),
  phone_number: v.exactOptional(text({ min: 1, max: 32 })),
  phone_number_verified: v.exactOptional(flag()),
  name: v.exactOptional(userName()),
  trusted_metadata: v.exactOptional(jsonRecord()),
  untrusted_metadata: v.exactOptional(jsonRecord()),
  status: v.exactOptional(oneOf(['active', 'pending'])),
  created_at: v.exactOptional(
    v.pipe(
      text({ min: 1, max: 64 }),
      v.check((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 timestamp'),
    ),
  ),
  password: v.exactOptional(migratedHashSchema),
});

/** A line read and checked: what the import writes. */
export interface ImportRecord {
  externalId: string | null;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  name: Record<string, string> | null;
  trustedMetadata: Record<string, unknown> | null;
  untrustedMetadata: Record<string, unknown> | null;
  status: 'active' | 'pending';
  createdAt: string | null;
  /** The stored form of the line's hash (`formatMigratedHash`). */
  passwordHash: string | null;
}

/** A line the import refuses, with what is wrong in it. */
export class BadLine extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadLine';
  }
}

function problemOf(issues: v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const path = issue?.path?.map((item) => String(item.key)).join('.');
  return path ? `${path}: ${issue?.message ?? 'not valid'}` : (issue?.message ?? 'not valid');
}

/** Parses and checks one line; throws `BadLine` saying what is wrong. */
export function readUserLine(line: string): ImportRecord {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new BadLine('not a JSON object');
  }
  const parsed = v.safeParse(userLineSchema, json);
  if (!parsed.success) throw new BadLine(problemOf(parsed.issues));
  const user = parsed.output;
  const email = user.email === undefined ? null : parseEmail(user.email);
  if (user.email !== undefined && email === null) throw new BadLine('email: not a valid address');
  const phone = user.phone_number?.trim() ?? null;
  if (phone !== null && !isE164(phone))
    throw new BadLine('phone_number: not in E.164 format, e.g. +15555550100');
  if (email === null && phone === null) throw new BadLine('email or phone_number is required');
  let passwordHash: string | null = null;
  if (user.password) {
    try {
      passwordHash = formatMigratedHash(user.password);
    } catch (error) {
      throw new BadLine(`password.${error instanceof AuthError ? error.message : String(error)}`);
    }
  }
  return {
    externalId: user.external_id ?? null,
    email,
    emailVerified: user.email_verified ?? false,
    phone,
    phoneVerified: user.phone_number_verified ?? false,
    name: user.name ? { first_name: '', middle_name: '', last_name: '', ...user.name } : null,
    trustedMetadata: user.trusted_metadata ?? null,
    untrustedMetadata: user.untrusted_metadata ?? null,
    status: user.status ?? 'active',
    createdAt: user.created_at === undefined ? null : new Date(user.created_at).toISOString(),
    passwordHash,
  };
}
