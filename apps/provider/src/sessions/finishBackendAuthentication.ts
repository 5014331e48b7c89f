import type { Session, User } from '@latch/api';
import { sha256Hex } from '../crypto/hash';
import { AuthError } from '../errors/AuthError';
import type { BackendRouteInput } from '../http/backendRoute';
import { requireProjectUser } from '../users/projectUser';
import type { Proof } from './finishAuthentication';
import { issueSession } from './issueSession';
import { verifySessionJwt } from './sessionJwt';
import { findLiveSessionByHash, findLiveSessionById } from './sessionRow';

/** The session fields of a backend sign-in call (`backendSessionFields` in @latch/api). */
export interface BackendSessionFields {
  session_token?: string;
  session_jwt?: string;
  session_duration_minutes?: number;
}

/** What a backend sign-in answers: the user, and the session when one was started or named. */
export interface BackendAuthentication {
  user_id: string;
  user: User;
  session: Session | null;
  session_token: string;
  session_jwt: string;
}

const sessionNotFound = (): AuthError =>
  new AuthError('session_not_found', 'The session expired, was revoked, or never existed.');

/**
 * The end of every backend sign-in, with the hosted backend API's session rules: a session named
 * by `session_token` or `session_jwt` (it must be live) gets the factor, and its expiry moves only
 * when `session_duration_minutes` is given; with no session named, a duration starts a session and
 * no duration starts none (the factor is proven, the user answered, the tokens empty).
 */
export async function finishBackendAuthentication(
  { project, services }: Pick<BackendRouteInput<unknown>, 'project' | 'services'>,
  proof: Omit<Proof, 'durationMinutes'>,
  fields: BackendSessionFields,
): Promise<BackendAuthentication> {
  const { db } = services;
  const now = proof.now ?? new Date();
  let existingSessionId: string | undefined;
  if (fields.session_token !== undefined) {
    const live = await findLiveSessionByHash(db, project.project_id, sha256Hex(fields.session_token), now);
    if (!live) throw sessionNotFound();
  } else if (fields.session_jwt !== undefined) {
    const verified = await verifySessionJwt(db, {
      projectId: project.project_id,
      issuer: services.authOrigin,
      jwt: fields.session_jwt,
      now,
    });
    if (!verified)
      throw new AuthError('invalid_session_token', 'The session JWT is not valid for this project.');
    if (!(await findLiveSessionById(db, project.project_id, verified.sessionId, now)))
      throw sessionNotFound();
    existingSessionId = verified.sessionId;
  } else if (fields.session_duration_minutes === undefined) {
    const user = await requireProjectUser(db, project.project_id, proof.userId);
    return { user_id: user.user_id, user, session: null, session_token: '', session_jwt: '' };
  }
  return issueSession({
    db,
    project,
    authOrigin: services.authOrigin,
    userId: proof.userId,
    factor: proof.factor,
    durationMinutes: fields.session_duration_minutes,
    existingSessionToken: fields.session_token ?? null,
    existingSessionId,
    // The caller is the app's server: the visitor's address and browser are not known here.
    attributes: { ip_address: '', user_agent: '' },
    now,
  });
}
