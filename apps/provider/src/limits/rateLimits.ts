import type { Context } from 'hono';
import type { ProjectConfig } from '../config/configSchema';
import { sha256Hex } from '../crypto/hash';
import { clientAddress } from '../http/clientAddress';
import type { AppEnv, Services } from '../http/deps';
import type { Budget, Use } from './rateLimiter';
import { AuthError } from '../errors/AuthError';

type Scope = 'sends' | 'guesses' | 'events';

/**
 * The SDK operations each client budget covers: every request for a message, every guess (sign-up
 * too: its `duplicate_email` says whether an address has a password), the event log. A message's
 * destination budget is spent where it is sent (`sendOrKeepNewest`), not here.
 */
const SCOPES: Record<Scope, readonly string[]> = {
  sends: [
    '/otps/email/login_or_create',
    '/otps/sms/login_or_create',
    '/otps/whatsapp/login_or_create',
    '/magic_links/email/login_or_create',
    '/passwords/email/reset/start',
  ],
  guesses: [
    '/otps/authenticate',
    '/passwords/authenticate',
    '/passwords',
    '/users/search',
    '/sessions/attest',
  ],
  events: ['/events'],
};

/** A budget as the config writes it (`{ limit, per_seconds }`), as the limiter takes it. */
export const budget = ({ limit, per_seconds }: { limit: number; per_seconds: number }): Budget => ({
  limit,
  perSeconds: per_seconds,
});

interface SpendInput {
  c: Context<AppEnv>;
  project: ProjectConfig;
  services: Services;
  perIp?: boolean;
}

/** The budgets one request spends, the client's before the project's; keys hash personal data. */
function budgetsFor(scope: Scope, { c, project, services, perIp = true }: SpendInput): Use[] {
  const limits = services.config.rate_limits;
  const ip = perIp ? clientAddress(c, services.trustProxy) : '';
  const ipKey = ip ? sha256Hex(ip) : null;
  const spent: Use[] = [];
  if (scope === 'sends') {
    if (ipKey) spent.push([`sends:ip:${ipKey}`, budget(limits.sends_per_ip)]);
    spent.push([`sends:project:${project.project_id}`, budget(limits.sends_per_project)]);
  } else if (scope === 'guesses') {
    if (ipKey) spent.push([`guesses:ip:${ipKey}`, budget(limits.guesses_per_ip)]);
  } else {
    if (ipKey) spent.push([`events:ip:${ipKey}`, budget(limits.events_per_ip)]);
    spent.push([`events:project:${project.project_id}`, budget(limits.events_per_project)]);
  }
  return spent;
}

const scopeOf = (path: string): Scope | undefined =>
  (Object.keys(SCOPES) as Scope[]).find((scope) => SCOPES[scope].includes(path));

/** Whether an SDK operation spends any budget: settled once per route, so others skip the step. */
export const isRateLimited = (path: string): boolean => scopeOf(path) !== undefined;

/**
 * Spends the client budgets of an SDK call that asks for a message, checks a guess or logs an
 * event, once its body is valid (malformed calls spend nothing; they reach no flow): the client
 * address's, then the project's; a refused one spends none after it. Over budget: 429
 * `too_many_requests` with `Retry-After`. The counters live in the database, so a budget holds
 * across every provider process sharing it. A backend API call (`perIp: false`) comes from the
 * app's server, whose address is every visitor's: it spends the project budget only.
 */
export async function spendRateLimits(path: string, input: SpendInput): Promise<void> {
  const scope = scopeOf(path);
  if (!scope) return;
  const verdict = await input.services.limiter.takeInOrder(budgetsFor(scope, input));
  if (!verdict.ok) {
    const { retryAfterSeconds } = verdict;
    throw new AuthError(
      'too_many_requests',
      `Too many requests: try again in ${retryAfterSeconds} seconds.`,
      {
        retryAfterSeconds,
      },
    );
  }
}
