import { sha256Hex } from '../crypto/hash';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import { issueToken, tokenOf, TOKEN_COLUMNS, type TokenRow } from '../tokens/oneTimeTokens';
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

export const CHALLENGE_KIND = 'webauthn_challenge' as const;

const EMPTY_CONTEXT: ChallengeContext = { rpId: '', userAgent: '', authenticatorType: '' };

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
      await issueToken(db, CHALLENGE_KIND, {
        project,
        tokenId: newId('webauthn-challenge', project.test),
        tokenHash: sha256Hex(challenge),
        userId: userId ?? null,
        data: { purpose, context },
        expiresAt: new Date(at + ttlMs),
        now: new Date(at),
      });
      return challenge;
    },
    async consume(challenge) {
      const [row] = await db.query<TokenRow>(
        `DELETE FROM one_time_tokens WHERE project_id = $1 AND kind = $2 AND token_hash = $3
         RETURNING ${TOKEN_COLUMNS}`,
        [project.project_id, CHALLENGE_KIND, sha256Hex(challenge)],
      );
      const taken = tokenOf(CHALLENGE_KIND, row);
      if (!taken) return null;
      const expiresAt = taken.expiresAt.getTime();
      if (expiresAt <= now()) return null;
      return {
        challenge,
        purpose: taken.data.purpose,
        userId: taken.userId,
        expiresAt,
        context: taken.data.context,
      };
    },
  };
}
