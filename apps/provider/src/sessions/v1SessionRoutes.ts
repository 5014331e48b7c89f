import type { AuthenticateResponse } from '@latch/api';
import { sha256Hex } from '../crypto/hash';
import { AuthError } from '../errors/AuthError';
import { sessionNotFound } from './sessionNotFound';
import { backendRoute } from '../http/backendRoute';
import { errorResponse, flatResponse } from '../http/envelope';
import { rawRoute, type Route } from '../http/route';
import { namedUserId, requireProjectUser } from '../users/projectUser';
import { authenticateSessionJwt, authenticateSessionToken } from './authenticateSession';
import { updateSessionClaims, withUserClaims } from './customClaims';
import { findNamedSession } from './finishBackendAuthentication';
import { verifySessionJwt } from './sessionJwt';
import { listLiveSessions, revokeLiveSession, toSession, type SessionKey } from './sessionRow';
import { currentSigningKey, publicJwks } from './signingKeys';

/**
 * POST /v1/sessions/authenticate (server-to-server, no CORS): checks a visitor's `session_token`
 * or `session_jwt` and answers the authenticate shape with a current JWT, extending the session
 * when `session_duration_minutes` is given and laying `session_custom_claims` over the session's.
 * Authenticated by JWT, the opaque token is unknown and `session_token` is absent.
 */
const authenticate = backendRoute('POST /v1/sessions/authenticate', async ({ body, project, services }) => {
  const claims = body.session_custom_claims;
  if (claims) {
    const named = await findNamedSession(services, project, body, new Date());
    if (named) await services.db.transaction((tx) => updateSessionClaims(tx, named.session_id, claims));
  }
  const common = {
    db: services.db,
    project,
    authOrigin: services.authOrigin,
    durationMinutes: body.session_duration_minutes,
  };
  let data: Omit<AuthenticateResponse, 'session_token'> & { session_token?: string };
  if (body.session_token !== undefined) {
    data = await authenticateSessionToken({ ...common, sessionToken: body.session_token });
  } else if (body.session_jwt !== undefined) {
    const { session_token: _unknown, ...rest } = await authenticateSessionJwt({
      ...common,
      sessionJwt: body.session_jwt,
    });
    data = rest;
  } else {
    throw new AuthError('missing_field', 'session_token or session_jwt is a required field.');
  }
  return data;
});

/** POST /v1/sessions/revoke: ends the session named by `session_id`, `session_token` or `session_jwt`. */
const revoke = backendRoute('POST /v1/sessions/revoke', async ({ body, project, services }) => {
  const { db } = services;
  const now = new Date();
  let key: SessionKey;
  if (body.session_id !== undefined) key = { sessionId: body.session_id };
  else if (body.session_token !== undefined) key = { tokenHash: sha256Hex(body.session_token) };
  else if (body.session_jwt !== undefined) {
    const verified = await verifySessionJwt(db, {
      projectId: project.project_id,
      issuer: services.authOrigin,
      jwt: body.session_jwt,
      now,
    });
    if (!verified)
      throw new AuthError('invalid_session_token', 'The session JWT is not valid for this project.');
    key = { sessionId: verified.sessionId };
  } else {
    throw new AuthError('missing_field', 'session_id, session_token or session_jwt is a required field.');
  }
  if (!(await revokeLiveSession(db, project, key, now))) throw sessionNotFound();
  return {};
});

/** GET /v1/sessions?user_id=... (or the user's external_id): the user's live sessions, oldest first. */
const list = backendRoute('GET /v1/sessions', async ({ c, project, services }) => {
  const named = c.req.query('user_id');
  if (!named) throw new AuthError('missing_field', 'user_id is a required query parameter.');
  const userId = await namedUserId(services.db, project.project_id, named);
  const user = await requireProjectUser(services.db, project.project_id, userId);
  const rows = await listLiveSessions(services.db, project.project_id, userId, new Date());
  return { sessions: rows.map((row) => withUserClaims(toSession(row), user)) };
});

/** GET /v1/sessions/jwks/{project_id}: public keys, top-level `keys` as JWKS clients expect; readable anywhere. */
const jwks = rawRoute('GET', '/v1/sessions/jwks/:project_id', async (c, services) => {
  const project = services.projects.byProjectId(c.req.param('project_id') ?? '');
  c.header('Access-Control-Allow-Origin', '*');
  if (!project) return errorResponse(c, 'not_found', 'No project has this id.');
  // A verifier may fetch the JWKS before the first sign-in: never answer an empty set.
  await currentSigningKey(services.db, project);
  c.header('Cache-Control', 'public, max-age=60');
  return flatResponse(c, { keys: await publicJwks(services.db, project.project_id) });
});

export const v1SessionRoutes: Route[] = [authenticate, revoke, list, jwks];
