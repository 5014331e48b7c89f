import { backendSessionAuthenticateBody, type AuthenticateResponse } from '@latch/api';
import { ApiFailure } from '../http/ApiFailure';
import { errorResponse, successResponse } from '../http/envelope';
import { parseBody } from '../http/parseBody';
import { rawRoute, type Route } from '../http/route';
import { authenticateSessionJwt, authenticateSessionToken } from './authenticateSession';
import { currentSigningKey, publicJwks } from './signingKeys';
import { requireBackendProject } from '../http/backendAuth';

/**
 * POST /v1/sessions/authenticate (server-to-server, no CORS): checks a visitor's `session_token`
 * or `session_jwt` and answers the authenticate shape with a current JWT. Authenticated by JWT, the
 * opaque token is unknown and `session_token` is absent.
 */
const authenticate = rawRoute('POST', '/v1/sessions/authenticate', async (c, services) => {
  const project = requireBackendProject(c, services);
  const body = await parseBody(c, backendSessionAuthenticateBody);
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
    throw new ApiFailure('missing_field', 400, 'session_token or session_jwt is a required field.');
  }
  return successResponse(c, data);
});

/** GET /v1/sessions/jwks/{project_id}: public keys, top-level `keys` as JWKS clients expect; readable anywhere. */
const jwks = rawRoute('GET', '/v1/sessions/jwks/:project_id', async (c, services) => {
  const project = services.projects.byProjectId(c.req.param('project_id') ?? '');
  c.header('Access-Control-Allow-Origin', '*');
  if (!project) return errorResponse(c, 'not_found', 404, 'No project has this id.');
  // A verifier may fetch the JWKS before the first sign-in: never answer an empty set.
  await currentSigningKey(services.db, project);
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({
    keys: await publicJwks(services.db, project.project_id),
    request_id: c.var.requestId,
    status_code: 200,
  });
});

export const v1SessionRoutes: Route[] = [authenticate, jwks];
