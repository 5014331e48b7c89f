import {
  sdkBodySchemas,
  sdkPathBodySchemas,
  type BodyOutput,
  type SdkBodyOutput,
  type SdkOperation,
  type SdkPathBodySchemas,
  type SdkPathEndpoints,
  type SdkPathOperation,
  type SdkResponse,
} from '@latch/api';
import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import type { ProjectConfig } from '../config/configSchema';
import { sessionTokenOf, type BasicCredentials } from './basicAuth';
import type { AppEnv, Services } from './deps';
import { errorResponse, successResponse, type SerializedAnswer } from './envelope';
import { parseBody } from './parseBody';
import { isRateLimited, spendRateLimits } from '../limits/rateLimits';
import { countSignIn, signInMethodOf } from '../metrics/signInOutcome';
import { AuthError } from '../errors/AuthError';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteInput<B> {
  c: Context<AppEnv>;
  body: B;
  project: ProjectConfig;
  services: Services;
  credentials: BasicCredentials | undefined;
  /** The session token from the Basic auth password, when it is not just the public token. */
  sessionToken: string | null;
}

/** One endpoint: method, hono path (`/users/:id`) under its prefix, and how to run it. */
export interface Route {
  method: Method;
  path: string;
  run(c: Context<AppEnv>, services: Services): Promise<Response>;
}

/** The project the CORS step resolved; an SDK call without a known public token stops here. */
export function requireProject(c: Context<AppEnv>): ProjectConfig {
  const project = c.get('project');
  if (project) return project;
  if (c.get('credentials') || c.req.param('public_token')) {
    throw new AuthError('invalid_public_token', 'The public token is not a token of any project.');
  }
  throw new AuthError('unauthorized_credentials', 'Send Authorization: Basic base64(public_token:secret).');
}

export interface RouteOptions<B> {
  /** For calls without Authorization: the project the body names (it is checked like a credential). */
  projectWithoutCredentials?: (input: { c: Context<AppEnv>; body: B; services: Services }) => ProjectConfig;
}

/**
 * A JSON endpoint: the body is validated by `schema` (none read when it is null), the result
 * answered in the success envelope.
 */
function route<S extends v.GenericSchema | null, R extends object>(
  method: Method,
  path: string,
  schema: S,
  handle: (input: RouteInput<BodyOutput<S>>) => Promise<R | SerializedAnswer<R>>,
  options: RouteOptions<BodyOutput<S>> = {},
): Route {
  const limited = isRateLimited(path);
  return {
    method,
    path,
    async run(c, services) {
      const fromBody = c.get('credentials') ? undefined : options.projectWithoutCredentials;
      const early = fromBody ? undefined : requireProject(c);
      // Without a schema the body is `undefined`, which is what `BodyOutput<null>` says.
      const body = (schema ? await parseBody(c, schema) : undefined) as BodyOutput<S>;
      const project = early ?? (fromBody ? fromBody({ c, body, services }) : requireProject(c));
      if (limited) await spendRateLimits(path, { c, project, services });
      const credentials = c.get('credentials');
      const data = await handle({
        c,
        body,
        project,
        services,
        credentials,
        sessionToken: sessionTokenOf(credentials),
      });
      return successResponse(c, data);
    },
  };
}

const split = (operation: string): [Method, string] => {
  const [method, path] = operation.split(' ') as [Method, string];
  return [method, path.replace(/\{(\w+)\}/g, ':$1')];
};

/**
 * `route` typed against the API contract: the body schema is the operation's own (from the table in
 * @latch/api), the handler receives the parsed body and must answer `SdkEndpoints[operation]`.
 */
export const sdkRoute = <K extends SdkOperation>(
  operation: K,
  handle: (input: RouteInput<SdkBodyOutput<K>>) => Promise<SdkResponse<K> | SerializedAnswer<SdkResponse<K>>>,
  options?: RouteOptions<SdkBodyOutput<K>>,
): Route => route(...split(operation), sdkBodySchemas[operation], handle, options);

export const sdkPathRoute = <K extends SdkPathOperation>(
  operation: K,
  handle: (input: RouteInput<BodyOutput<SdkPathBodySchemas[K]>>) => Promise<SdkPathEndpoints[K]['response']>,
): Route => route(...split(operation), sdkPathBodySchemas[operation], handle);

/** Registers routes under `prefix`; a known path with another method answers 405 with `Allow`. */
export function registerRoutes(
  app: Hono<AppEnv>,
  prefix: string,
  routes: readonly Route[],
  services: Services,
): void {
  const methods = new Map<string, Method[]>();
  for (const r of routes) {
    const signIn = signInMethodOf(r.method, `${prefix}${r.path}`);
    app.on(r.method, `${prefix}${r.path}`, (c) =>
      signIn ? countSignIn(signIn, r.run(c, services)) : r.run(c, services),
    );
    methods.set(r.path, [...(methods.get(r.path) ?? []), r.method]);
  }
  for (const [path, allowed] of methods) {
    app.all(`${prefix}${path}`, (c) => {
      c.header('Allow', allowed.join(', '));
      return errorResponse(
        c,
        'method_not_allowed',
        `${c.req.method} is not allowed here; use ${allowed.join(' or ')}.`,
      );
    });
  }
}

/** A non-JSON endpoint (static files, HTML pages) that still gets 405 handling from `registerRoutes`. */
export const rawRoute = (
  method: Method,
  path: string,
  run: (c: Context<AppEnv>, services: Services) => Response | Promise<Response>,
): Route => ({ method, path, run: async (c, services) => run(c, services) });
