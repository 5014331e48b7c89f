import { integer } from '@latch/api';
import * as v from 'valibot';
import { strictPlainObject } from './fieldSchemas';

/**
 * Abuse budgets (docs/security.md lists them). Each allows `limit` uses at once, then one more
 * every `per_seconds / limit`. Messages (passcodes, magic links, reset emails) cost money and
 * annoy their recipient; guesses (passcode and password checks, user search, sign-up) probe
 * accounts; events fill storage. `spare_sends_per_destination` bounds the messages that go out
 * past `sends_per_destination` when the destination has no usable one (per destination and kind of
 * message); its interval is also the shortest life of such a message, so the default's 10 minutes
 * match a passcode's longest.
 */
export const DEFAULT_RATE_LIMITS = {
  sends_per_destination: { limit: 5, per_seconds: 600 },
  spare_sends_per_destination: { limit: 1, per_seconds: 600 },
  sends_per_ip: { limit: 30, per_seconds: 600 },
  sends_per_project: { limit: 600, per_seconds: 60 },
  guesses_per_ip: { limit: 60, per_seconds: 60 },
  events_per_ip: { limit: 300, per_seconds: 60 },
  events_per_project: { limit: 6000, per_seconds: 60 },
} as const;

export type BudgetName = keyof typeof DEFAULT_RATE_LIMITS;

const budget = (name: BudgetName) =>
  v.optional(
    strictPlainObject({ limit: integer(1, 10_000_000), per_seconds: integer(1, 7 * 86_400) }),
    () => ({ ...DEFAULT_RATE_LIMITS[name] }),
  );

const budgets = strictPlainObject({
  sends_per_destination: budget('sends_per_destination'),
  spare_sends_per_destination: budget('spare_sends_per_destination'),
  sends_per_ip: budget('sends_per_ip'),
  sends_per_project: budget('sends_per_project'),
  guesses_per_ip: budget('guesses_per_ip'),
  events_per_ip: budget('events_per_ip'),
  events_per_project: budget('events_per_project'),
});

/** Every budget set to `budget`: tests and benchmarks, whose one address sends at machine speed. */
export const uniformRateLimits = (budget: { limit: number; per_seconds: number }): RateLimitsConfig => ({
  sends_per_destination: { ...budget },
  spare_sends_per_destination: { ...budget },
  sends_per_ip: { ...budget },
  sends_per_project: { ...budget },
  guesses_per_ip: { ...budget },
  events_per_ip: { ...budget },
  events_per_project: { ...budget },
});

/** Every budget at its default (a fresh copy). */
export const defaultRateLimits = (): RateLimitsConfig => v.parse(budgets, {});

export const rateLimitsSchema = v.optional(budgets, defaultRateLimits);

export type RateLimitsConfig = v.InferOutput<typeof budgets>;
