import type { Context } from 'hono';
import type { ProjectConfig } from '../config/configSchema';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { devGoogleClientId, signDevGoogleIdToken } from '../oauth/googleIdTokens';
import { DEV_GSI_CLIENT_PATH } from '../oauth/oneTapRoutes';
import { parseEmail } from '../users';
import { devSubject } from './devOAuthRoutes';
import { DEV_GSI_SCRIPT } from './devGsiScript';
import { pageStatus } from '../http/pageStatus';

const CLIENT_PREFIX = 'dev-google-client.';

type Registration = { project: ProjectConfig } | { error: 'invalid_client' | 'unregistered_origin' };

/**
 * The dev identity provider's Google client registry: one client per test project with a dev
 * Google provider (`dev-google-client.{project_id}`), accepting the origins in `dev_idp_origins`
 * (default: the auth origin, where the widget's frame runs), as Google checks a client's
 * Authorized JavaScript origins. The browser's `Origin` header names the calling page.
 */
function registration(c: Context<AppEnv>, services: Services, clientId: unknown): Registration {
  const id = typeof clientId === 'string' ? clientId : '';
  const project = id.startsWith(CLIENT_PREFIX)
    ? services.projects.byProjectId(id.slice(CLIENT_PREFIX.length))
    : undefined;
  const google = project?.test
    ? project.oauth_providers.find((p) => p.type === 'google' && p.dev_idp)
    : undefined;
  if (!project || !google || devGoogleClientId(project) !== id) return { error: 'invalid_client' };
  const origins = google.dev_idp_origins ?? [services.authOrigin];
  if (!origins.includes(c.req.header('Origin') ?? '')) return { error: 'unregistered_origin' };
  return { project };
}

async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

const script = rawRoute(
  'GET',
  DEV_GSI_CLIENT_PATH,
  () =>
    new Response(DEV_GSI_SCRIPT, {
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }),
);

/** Whether One Tap may show for this client on the calling origin; Google's "not displayed" reasons otherwise. */
const prompt = rawRoute('POST', '/dev/gsi/prompt', async (c, services) => {
  const body = await jsonBody(c);
  const found = registration(c, services, body['client_id']);
  return c.json('error' in found ? { error: found.error } : { project_name: found.project.name });
});

/** The visitor picked an account: the dev identity provider's signed ID token for it. */
const credential = rawRoute('POST', '/dev/gsi/credential', async (c, services) => {
  const body = await jsonBody(c);
  const found = registration(c, services, body['client_id']);
  if ('error' in found) return c.json({ error: found.error }, pageStatus('bad_request'));
  const email = parseEmail(typeof body['email'] === 'string' ? body['email'].slice(0, 320) : '');
  if (email === null) {
    return c.json(
      { error: 'invalid_request', error_description: 'Enter the email address of the account.' },
      pageStatus('bad_request'),
    );
  }
  const nonce = typeof body['nonce'] === 'string' ? body['nonce'].slice(0, 256) : null;
  const token = await signDevGoogleIdToken(services.db, found.project, services.authOrigin, {
    subject: devSubject('google', email),
    email,
    clientId: devGoogleClientId(found.project),
    nonce,
  });
  return c.json({ credential: token });
});

export const devGsiRoutes: Route[] = [script, prompt, credential];
