import type { Context } from 'hono';
import type { ProjectConfig } from '../config/configSchema';
import type { AppEnv, Services } from '../http/deps';
import { sdkRoute, type Route } from '../http/route';
import { insertEvents } from './eventStore';
import { reclaimEventSpace } from './reclaimEventSpace';
import { AuthError } from '../errors/AuthError';

/**
 * Stytch's browser SDK posts its telemetry without an Authorization header: the public token is
 * inside each event. The token then stands for the project, and the page's origin must be one of
 * that project's, as it must for every SDK call.
 */
function projectOfEvents({
  c,
  body,
  services,
}: {
  c: Context<AppEnv>;
  body: readonly { event: { public_token: string } }[];
  services: Services;
}): ProjectConfig {
  const token = body[0]?.event.public_token;
  if (token === undefined) {
    throw new AuthError(
      'unauthorized_credentials',
      'Send Authorization: Basic base64(public_token:secret), or events that carry their public_token.',
    );
  }
  const project = services.projects.byPublicToken(token);
  if (!project)
    throw new AuthError('invalid_public_token', 'The public token is not a token of any project.');
  const origin = c.req.header('Origin');
  if (
    origin !== undefined &&
    origin !== services.authOrigin &&
    !project.authorized_origins.includes(origin)
  ) {
    throw new AuthError(
      'bad_domain_for_stytch_sdk',
      `The origin ${origin} is not an authorized origin of project "${project.name}". Add it to authorized_origins in the provider config.`,
    );
  }
  return project;
}

export const eventsRoutes: Route[] = [
  sdkRoute(
    'POST /events',
    async ({ body, project, services, credentials }) => {
      const foreign = body.findIndex((entry) => entry.event.public_token !== project.public_token);
      if (foreign !== -1) {
        const against = credentials ? 'the Authorization header' : 'the first event';
        throw new AuthError('invalid_field', `[${foreign}].event.public_token: does not match ${against}.`);
      }
      const { droppedBytes } = await insertEvents(services.db, project, body, services.config.events);
      await reclaimEventSpace(services.db, droppedBytes);
      return {};
    },
    { projectWithoutCredentials: projectOfEvents },
  ),
];
