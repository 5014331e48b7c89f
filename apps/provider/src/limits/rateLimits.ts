import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { RateLimitsConfig } from '../config/rateLimitsSchema';
import { sha256Hex } from '../crypto/hash';
import { clientAddress } from '../http/clientAddress';
import type { AppEnv, Services } from '../http/deps';
import { errorResponse } from '../http/envelope';
import type { Budget } from './rateLimiter';

type Scope = 'sends' | 'guesses' | 'events';

/** The SDK operations each budget covers: every message sent, every guess, the event log. */
const SCOPES: Record<Scope, readonly string[]> = {
  sends: [
    '/otps/email/login_or_create',
    '/otps/sms/login_or_create',
    '/otps/whatsapp/login_or_create',
    '/magic_links/email/login_or_create',
    '/passwords/email/reset/start',
  ],
  guesses: ['/otps/authenticate', '/passwords/authenticate', '/users/search'],
  events: ['/events'],
};

const budget = ({ limit, per_seconds }: { limit: number; per_seconds: number }): Budget => ({
  limit,
  perSeconds: per_seconds,
});

/** The address or number a send goes to, as the flows normalise it; null when the body has none. */
async function destinationOf(c: Context<AppEnv>): Promise<string | null> {
  let body: unknown;
  try {
    // Hono caches the text, so the route reads the same body again.
    body = JSON.parse(await c.req.text());
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { email, phone_number } = body as { email?: unknown; phone_number?: unknown };
  if (typeof email === 'string' && email.trim()) return `email:${email.trim().toLowerCase()}`;
  if (typeof phone_number === 'string' && phone_number.trim()) return `phone:${phone_number.trim()}`;
  return null;
}

/** The budgets one request spends, most specific first; keys hash personal data. */
async function budgetsFor(
  scope: Scope,
  c: Context<AppEnv>,
  limits: RateLimitsConfig,
): Promise<[string, Budget][]> {
  const project = c.var.project;
  const ip = clientAddress(c);
  const ipKey = ip ? sha256Hex(ip) : null;
  const spent: [string, Budget][] = [];
  if (scope === 'sends') {
    const destination = project && (await destinationOf(c));
    if (project && destination) {
      spent.push([
        `sends:destination:${sha256Hex(`${project.project_id}:${destination}`)}`,
        budget(limits.sends_per_destination),
      ]);
    }
    if (ipKey) spent.push([`sends:ip:${ipKey}`, budget(limits.sends_per_ip)]);
    if (project) spent.push([`sends:project:${project.project_id}`, budget(limits.sends_per_project)]);
  } else if (scope === 'guesses') {
    if (ipKey) spent.push([`guesses:ip:${ipKey}`, budget(limits.guesses_per_ip)]);
  } else {
    if (ipKey) spent.push([`events:ip:${ipKey}`, budget(limits.events_per_ip)]);
    if (project) spent.push([`events:project:${project.project_id}`, budget(limits.events_per_project)]);
  }
  return spent;
}

const limitScope =
  (scope: Scope, services: Services): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.req.method !== 'POST') return next();
    for (const [key, spend] of await budgetsFor(scope, c, services.config.rate_limits)) {
      const verdict = await services.limiter.take(key, spend);
      if (!verdict.ok) {
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        return errorResponse(
          c,
          'too_many_requests',
          429,
          `Too many requests: try again in ${verdict.retryAfterSeconds} seconds.`,
        );
      }
    }
    return next();
  };

/**
 * Rate limits in front of the SDK routes that send messages, check guesses or log events. The
 * counters live in the database, so a budget holds across every provider process sharing it.
 */
export function registerRateLimits(app: Hono<AppEnv>, prefix: string, services: Services): void {
  for (const scope of Object.keys(SCOPES) as Scope[]) {
    for (const path of SCOPES[scope]) app.use(`${prefix}${path}`, limitScope(scope, services));
  }
}
