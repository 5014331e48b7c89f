import type { Session, User } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { sha256Hex } from '../crypto/hash';
import { AuthError } from '../errors/AuthError';
import { sessionNotFound } from './sessionNotFound';
import type { BackendRouteInput } from '../http/backendRoute';
import type { Services } from '../http/deps';
import { requireProjectUser } from '../users/projectUser';
import type { Proof } from './finishAuthentication';
import { issueSession } from './issueSession';
import { verifySessionJwt } from './sessionJwt';
import { findLiveSession, type SessionRow } from './sessionRow';

/** The session fields of a backend sign-in call (`backendSessionFields` in @latch/api). */
export interface BackendSessionFields {
  session_token?: string;
  session_jwt?: string;
  session_duration_minutes?: number;
  session_custom_claims?: Record<string, unknown>;
}

/** What a backend sign-in answers: the user, and the session when one was started or named. */
export interface BackendAuthentication {
  user_id: string;
  user: User;
  session: Session | null;
  session_token: string;
  session_jwt: string;
}

/**
 * The live session a backend call names by `session_token` or `session_jwt`, or null when it names
 * none. A JWT that does not verify is 401 `invalid_session_token`; a dead session 404 `session_not_found`.
 */
export async function findNamedSession(
  services: Pick<Services, 'db' | 'authOrigin'>,
  project: ProjectConfig,
  fields: Pick<BackendSessionFields, 'session_token' | 'session_jwt'>,
  now: Date,
): Promise<SessionRow | null> {
  const { db } = services;
  let row: SessionRow | null;
  if (fields.session_token !== undefined) {
    row = await findLiveSession(db, project.project_id, { tokenHash: sha256Hex(fields.session_token) }, now);
  } else if (fields.session_jwt !== undefined) {
    const verified = await verifySessionJwt(db, {
      projectId: project.project_id,
      issuer: services.authOrigin,
      jwt: fields.session_jwt,
      now,
    });
    if (!verified)
      throw new AuthError('invalid_session_token', 'The session JWT is not valid for this project.');
    row = await findLiveSession(db, project.project_id, { sessionId: verified.sessionId }, now);
  } else {
    return null;
  }
  if (!row) throw sessionNotFound();
  return row;
}

/**
 * The end of every backend sign-in, with the hosted backend API's session rules: a session named
 * by `session_token` or `session_jwt` (it must be live) gets the factor, and its expiry moves only
 * when `session_duration_minutes` is given; with no session named, a duration starts a session and
 * no duration starts none (the factor is proven, the user answered, the tokens empty).
 * `session_custom_claims` are laid over the session's own (`mergeCustomClaims`).
 */
export async function finishBackendAuthentication(
  { project, services }: Pick<BackendRouteInput<unknown>, 'project' | 'services'>,
  proof: Omit<Proof, 'durationMinutes'>,
  fields: BackendSessionFields,
): Promise<BackendAuthentication> {
  const { db } = services;
  const now = proof.now ?? new Date();
  const named = await findNamedSession(services, project, fields, now);
  if (!named && fields.session_duration_minutes === undefined) {
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
    existingSessionId: named?.session_id,
    // The caller is the app's server: the visitor's address and browser are not known here.
    attributes: { ip_address: '', user_agent: '' },
    ownerEpoch: proof.ownerEpoch,
    customClaims: fields.session_custom_claims,
    now,
  });
}
