import {
  backendBodySchemas,
  type BackendBodySchemas,
  type BackendOperation,
  type BodyOutput,
} from '@latch/api';
import type { Context } from 'hono';
import type { ProjectConfig } from '../config/configSchema';
import { spendRateLimits } from '../limits/rateLimits';
import { requireBackendProject } from './backendAuth';
import type { AppEnv, Services } from './deps';
import { flatResponse } from './envelope';
import { parseBody } from './parseBody';
import type { Method, Route } from './route';

export interface BackendRouteInput<B> {
  c: Context<AppEnv>;
  body: B;
  /** The project whose `project_id:secret` the Authorization header carried. */
  project: ProjectConfig;
  services: Services;
}

export interface BackendRouteOptions {
  /**
   * The SDK path whose rate-limit budgets this call spends (`/otps/email/login_or_create`): a
   * backend send counts against the same project budget as the browser's here, and against the
   * same destination budget where the flow sends (`sendOrKeepNewest`).
   */
  limitsAs?: string;
}

/**
 * A backend API endpoint (`/v1/...`, `Authorization: Basic project_id:secret`, no CORS): the body
 * is validated by the operation's schema from `backendBodySchemas`, and the result answered flat,
 * beside `request_id` and `status_code`, as the hosted backend API answers and its server SDKs read.
 */
export function backendRoute<K extends BackendOperation, R extends object>(
  operation: K,
  handle: (input: BackendRouteInput<BodyOutput<BackendBodySchemas[K]>>) => Promise<R>,
  options: BackendRouteOptions = {},
): Route {
  const [method, template] = operation.split(' ') as [Method, string];
  const path = template.replace(/\{(\w+)\}/g, ':$1');
  const schema: BackendBodySchemas[K] = backendBodySchemas[operation];
  return {
    method,
    path,
    async run(c, services) {
      const project = requireBackendProject(c, services);
      // Without a schema the body is `undefined`, which is what `BodyOutput<null>` says.
      const body = (schema ? await parseBody(c, schema) : undefined) as BodyOutput<BackendBodySchemas[K]>;
      if (options.limitsAs) await spendRateLimits(options.limitsAs, { c, project, services, perIp: false });
      return flatResponse(c, await handle({ c, body, project, services }));
    },
  };
}
