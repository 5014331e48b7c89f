import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions';
import { consumeToken, findActiveToken, insertOneTimeToken } from '../tokens/oneTimeTokens';
import type { ProjectRef } from '../users/project';

const KIND = 'idp_authorization_code';
/** RFC 6749 section 4.1.2 recommends at most 10 minutes. */
export const AUTHORIZATION_CODE_MINUTES = 10;

/** What a code was issued for; the token endpoint checks every field against its request. */
export interface CodeGrant {
  client_id: string;
  redirect_uri: string;
  scopes: string[];
  nonce?: string;
  code_challenge?: string;
  /** When the user authenticated (seconds): the ID token's `auth_time`. */
  auth_time: number;
}

/** A single-use code; only its SHA-256 is stored. */
export async function issueAuthorizationCode(
  db: Queryable,
  input: { project: ProjectRef; userId: string; grant: CodeGrant; now: Date },
): Promise<string> {
  const code = randomToken();
  await insertOneTimeToken(db, {
    project: input.project,
    kind: KIND,
    tokenHash: sha256Hex(code),
    userId: input.userId,
    data: { ...input.grant },
    expiresAt: addMinutes(input.now, AUTHORIZATION_CODE_MINUTES),
    now: input.now,
  });
  return code;
}

/** Consumes the code (once: a replay finds nothing); null when unknown, used or expired. */
export async function redeemAuthorizationCode(
  db: Queryable,
  { projectId, code, now }: { projectId: string; code: string; now: Date },
): Promise<{ userId: string; grant: CodeGrant } | null> {
  const row = await findActiveToken(db, { projectId, kind: KIND, tokenHash: sha256Hex(code), now });
  if (!row?.user_id) return null;
  const used = await consumeToken(db, row.token_id, now);
  if (!used?.user_id) return null;
  const grant = readGrant(used.data);
  return grant ? { userId: used.user_id, grant } : null;
}

/** The stored grant, read field by field (the column is plain JSON). */
function readGrant(data: Record<string, unknown>): CodeGrant | null {
  const { client_id, redirect_uri, scopes, nonce, code_challenge, auth_time } = data;
  if (
    typeof client_id !== 'string' ||
    typeof redirect_uri !== 'string' ||
    !Array.isArray(scopes) ||
    typeof auth_time !== 'number'
  )
    return null;
  return {
    client_id,
    redirect_uri,
    scopes: scopes.filter((s): s is string => typeof s === 'string'),
    auth_time,
    ...(typeof nonce === 'string' ? { nonce } : {}),
    ...(typeof code_challenge === 'string' ? { code_challenge } : {}),
  };
}
