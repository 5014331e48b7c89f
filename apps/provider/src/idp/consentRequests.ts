import type { AuthenticateResponse, IdpAuthorizeParams } from '@latch/api';
import { sha256Hex } from '../crypto/hash';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import { addMinutes } from '../sessions/duration';
import type { TokenKind } from '../tokens/tokenKinds';

/**
 * Consent is asked on the server's word, not the client's: the authorize start that finds consent
 * required records the request, and a submit that grants consent must take that record. Without
 * it, anyone holding a session token could mint a code for a third-party client by posting
 * `consent_granted: true` without the consent screen ever showing.
 */
const KIND = 'idp_consent_request' satisfies TokenKind;
/** How long the consent screen may stay open between start and submit. */
export const CONSENT_REQUEST_MINUTES = 30;

/** One authorization request of one session: every parameter that shapes the code it yields. */
const requestHash = (project: ProjectRef, auth: AuthenticateResponse, p: IdpAuthorizeParams): string =>
  sha256Hex(
    JSON.stringify([
      KIND,
      project.project_id,
      auth.session.session_id,
      p.client_id,
      p.redirect_uri,
      p.response_type,
      p.response_mode ?? null,
      [...p.scopes].sort(),
      p.prompt ?? null,
      p.state ?? null,
      p.nonce ?? null,
      p.code_challenge ?? null,
      p.code_challenge_method ?? null,
      p.max_age ?? null,
    ]),
  );

/** Records that the consent screen asks for this request (a repeated start re-arms it). */
export async function recordConsentRequest(
  db: Queryable,
  input: { project: ProjectRef; auth: AuthenticateResponse; params: IdpAuthorizeParams; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO one_time_tokens (token_id, project_id, kind, token_hash, user_id, data, created_at, expires_at)
     VALUES ($1, $2, '${KIND}', $3, $4, '{}', $5, $6)
     ON CONFLICT (kind, token_hash) DO UPDATE SET used_at = NULL, created_at = $5, expires_at = $6`,
    [
      newId('consent', input.project.test),
      input.project.project_id,
      requestHash(input.project, input.auth, input.params),
      input.auth.user_id,
      input.now,
      addMinutes(input.now, CONSENT_REQUEST_MINUTES),
    ],
  );
}

/** Uses the recorded request once; false when the consent screen never asked for it (or it expired). */
export async function takeConsentRequest(
  db: Queryable,
  input: { project: ProjectRef; auth: AuthenticateResponse; params: IdpAuthorizeParams; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE one_time_tokens SET used_at = $3
     WHERE project_id = $1 AND kind = '${KIND}' AND token_hash = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING token_id`,
    [input.project.project_id, requestHash(input.project, input.auth, input.params), input.now],
  );
  return rows.length > 0;
}
