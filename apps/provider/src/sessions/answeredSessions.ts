import type { AuthenticateResponse, Session, User } from '@latch/api';
import type { Db } from '../db/Db';
import type { ProjectRef } from '../users/project';
import { withUserClaims } from './customClaims';
import { sameRowVersion } from './sessionRow';
import { jwtTimes, mintSessionJwt } from './sessionJwt';
import { currentSigningKey } from './signingKeys';

/**
 * How long a minted session JWT is answered again for an unchanged session. The JWT lives 5
 * minutes and the SDK refreshes every 3 (docs/backend-sessions.md), so a JWT at most a minute
 * old still has 4 minutes left: more than the caller needs until its next refresh. Signing
 * (RSA-2048) is the largest CPU cost of a refresh, and pages that refresh on every load call it
 * many times a minute.
 */
export const JWT_REUSE_SECONDS = 60;

/** A session as the database answers it now: built from its row at `rowVersion`, with its user at `userVersion`. */
export interface CurrentSession {
  /** `xmin` of the session row: every write of the row changes it (`sameRowVersion`). */
  rowVersion: string;
  session: Session;
  /** `users.version`: triggers move it with every change of the user or its sub-lists. */
  userVersion: string;
  user: User;
}

type MintedJwt = { kid: string; issuer: string; iat: number; exp: number; jwt: Promise<string> };

/**
 * What this process answered last for a session: its session and user, the JWT minted for them,
 * and the answer itself with its JSON once written (`answerJson`), handed out again while the
 * session, user, JWT and token are the same objects.
 */
export type AnsweredSession = CurrentSession & {
  minted: MintedJwt;
  answer?: AuthenticateResponse;
  json?: string;
};

/** Sessions remembered per process; beyond it the least recently answered are dropped. */
const MAX_SESSIONS = 10_000;

// Per database: tests run many databases in one process, and a version only means something in one.
const byDatabase = new WeakMap<Db, Map<string, AnsweredSession>>();

const answeredOf = (db: Db): Map<string, AnsweredSession> => {
  let answered = byDatabase.get(db);
  if (!answered) {
    answered = new Map();
    byDatabase.set(db, answered);
  }
  return answered;
};

/**
 * The process's only cache of sessions. A refresh reads the session's versions from the database
 * every time (so a revocation, or a change of the session or its user, is seen by the next refresh
 * on every process), and reuses what is answered here only while those versions are the same.
 */
export const lastAnswered = (db: Db, sessionId: string): AnsweredSession | undefined =>
  answeredOf(db).get(sessionId);

const reusable = (minted: MintedJwt, kid: string, issuer: string, nowSeconds: number): boolean =>
  minted.kid === kid &&
  minted.issuer === issuer &&
  nowSeconds >= minted.iat &&
  nowSeconds - minted.iat < JWT_REUSE_SECONDS &&
  minted.exp > nowSeconds;

/**
 * The authenticate shape for a session as it is now, remembered for the next refresh. Its JWT is
 * the one minted for the same row and user versions (the claims are the row's and the user's
 * `external_id`) with the project's current key less than `JWT_REUSE_SECONDS` ago, else a new one;
 * concurrent answers of one session share it.
 */
export async function answerSession({
  db,
  project,
  authOrigin,
  current,
  sessionToken,
  now,
}: {
  db: Db;
  project: ProjectRef;
  /** The provider's public origin (`services.authOrigin`): the JWT issuer. */
  authOrigin: string;
  current: CurrentSession;
  sessionToken: string;
  now: Date;
}): Promise<AuthenticateResponse> {
  const { user } = current;
  const key = await currentSigningKey(db, project, now);
  const answered = answeredOf(db);
  const last = answered.get(current.session.session_id);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  // The same objects mean the same row and user versions: what was answered for them still holds.
  const unchanged = last !== undefined && last.session === current.session && last.user === user;
  const session = unchanged && last.answer ? last.answer.session : withUserClaims(current.session, user);
  const minted =
    last &&
    sameRowVersion(last.rowVersion, current.rowVersion) &&
    last.userVersion === current.userVersion &&
    reusable(last.minted, key.kid, authOrigin, nowSeconds)
      ? last.minted
      : {
          kid: key.kid,
          issuer: authOrigin,
          ...jwtTimes(session, now),
          jwt: mintSessionJwt({ key, projectId: project.project_id, issuer: authOrigin, session, now }),
        };
  const entry: AnsweredSession = unchanged && last.minted === minted ? last : { ...current, minted };
  // Least recently answered first: a Map iterates in insertion order.
  answered.delete(session.session_id);
  answered.set(session.session_id, entry);
  if (answered.size > MAX_SESSIONS) {
    const oldest = answered.keys().next();
    if (!oldest.done) answered.delete(oldest.value);
  }
  // A failed signature is not remembered: the next answer signs again.
  if (entry !== last)
    minted.jwt.catch(() => {
      if (answered.get(session.session_id) === entry) answered.delete(session.session_id);
    });
  const sessionJwt = await minted.jwt;
  if (entry.answer?.session_token !== sessionToken) {
    entry.answer = {
      user_id: session.user_id,
      user,
      session,
      session_token: sessionToken,
      session_jwt: sessionJwt,
    };
    delete entry.json;
  }
  return entry.answer;
}

/**
 * The JSON of an answer of `answerSession`, written once for an answer handed out again (a refresh
 * of an unchanged session, whose serialization is a large share of the refresh's CPU).
 */
export function answerJson(db: Db, answer: AuthenticateResponse): string {
  const entry = answeredOf(db).get(answer.session.session_id);
  if (entry?.answer !== answer) return JSON.stringify(answer);
  return (entry.json ??= JSON.stringify(answer));
}
