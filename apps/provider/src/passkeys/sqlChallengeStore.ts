import { sha256Hex } from '../crypto/hash';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import {
  CHALLENGE_TTL_MS,
  generateChallenge,
  type ChallengePurpose,
  type ChallengeRecord,
  type ChallengeStore,
} from './ceremony';

/** What `.../start` decided and the finishing call needs: it does not send these again. */
export interface ChallengeContext {
  rpId: string;
  /** `user_agent` of `/webauthn/register/start`, stored on the registration. */
  userAgent: string;
  /** `authenticator_type` of `/webauthn/register/start`, when one was asked for. */
  authenticatorType: string;
}

export interface StoredChallengeRecord extends ChallengeRecord {
  context: ChallengeContext;
}

/** A `ChallengeStore` whose records also carry the ceremony's context. */
export interface SqlChallengeStore extends ChallengeStore {
  issue(purpose: ChallengePurpose, userId?: string, context?: ChallengeContext): Promise<string>;
  consume(challenge: string): Promise<StoredChallengeRecord | null>;
}

export const CHALLENGE_KIND = 'webauthn_challenge';

const EMPTY_CONTEXT: ChallengeContext = { rpId: '', userAgent: '', authenticatorType: '' };

type ChallengeRow = {
  user_id: string | null;
  data: { purpose?: ChallengePurpose; context?: Partial<ChallengeContext> };
  expires_at: Date;
};

export interface SqlChallengeStoreOptions {
  ttlMs?: number;
  /** Injected clock so tests can expire challenges without waiting. */
  now?: () => number;
}

/**
 * Challenges of one project in `one_time_tokens`, stored as SHA-256 hashes. `consume` deletes the
 * row in one statement (`DELETE ... RETURNING`), so of two concurrent callers only one gets it.
 */
export function createSqlChallengeStore(
  db: Queryable,
  project: ProjectRef,
  options: SqlChallengeStoreOptions = {},
): SqlChallengeStore {
  const ttlMs = options.ttlMs ?? CHALLENGE_TTL_MS;
  const now = options.now ?? Date.now;
  return {
    async issue(purpose, userId, context = EMPTY_CONTEXT) {
      const at = now();
      // Abandoned ceremonies would otherwise accumulate forever.
      await db.query('DELETE FROM one_time_tokens WHERE kind = $1 AND expires_at <= $2', [
        CHALLENGE_KIND,
        new Date(at),
      ]);
      const challenge = generateChallenge();
      await db.query(
        `INSERT INTO one_time_tokens (token_id, project_id, kind, token_hash, user_id, data, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          newId('webauthn-challenge', project.test),
          project.project_id,
          CHALLENGE_KIND,
          sha256Hex(challenge),
          userId ?? null,
          JSON.stringify({ purpose, context }),
          new Date(at),
          new Date(at + ttlMs),
        ],
      );
      return challenge;
    },
    async consume(challenge) {
      const [row] = await db.query<ChallengeRow>(
        `DELETE FROM one_time_tokens WHERE project_id = $1 AND kind = $2 AND token_hash = $3
         RETURNING user_id, data, expires_at`,
        [project.project_id, CHALLENGE_KIND, sha256Hex(challenge)],
      );
      if (!row?.data.purpose) return null;
      const expiresAt = new Date(row.expires_at).getTime();
      if (expiresAt <= now()) return null;
      return {
        challenge,
        purpose: row.data.purpose,
        userId: row.user_id,
        expiresAt,
        context: { ...EMPTY_CONTEXT, ...row.data.context },
      };
    },
  };
}
