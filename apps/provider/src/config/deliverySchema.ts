import * as v from 'valibot';
import { integer } from '@latch/api';
import { strictPlainObject } from './fieldSchemas';

/**
 * How the outbox worker sends: a gateway call ends after `send_timeout_seconds` (its claim on the
 * message lasts twice that, renewed while the call runs; a dead process's claim then lapses); a transient failure is retried after
 * `first_retry_seconds`, doubling up to `max_retry_seconds` (with jitter, or the gateway's
 * Retry-After when longer), at most `max_attempts` sends in all. A process lets gateways accept
 * at most `max_unrecorded` messages it has not recorded yet (AcceptanceTurn).
 */
export const DEFAULT_DELIVERY = {
  send_timeout_seconds: 30,
  first_retry_seconds: 2,
  max_retry_seconds: 600,
  max_attempts: 12,
  max_unrecorded: 1,
} as const;

const delivery = strictPlainObject({
  send_timeout_seconds: v.optional(integer(1, 600), DEFAULT_DELIVERY.send_timeout_seconds),
  first_retry_seconds: v.optional(integer(1, 3600), DEFAULT_DELIVERY.first_retry_seconds),
  max_retry_seconds: v.optional(integer(1, 86_400), DEFAULT_DELIVERY.max_retry_seconds),
  max_attempts: v.optional(integer(1, 100), DEFAULT_DELIVERY.max_attempts),
  max_unrecorded: v.optional(integer(1, 100), DEFAULT_DELIVERY.max_unrecorded),
});

/** Optional in the parsed config too: configs built in code leave it out (`deliverySettings`). */
export const deliverySchema = v.optional(delivery);

export type DeliveryConfig = v.InferOutput<typeof delivery>;

/** The config's settings with the defaults filled in. */
export const deliverySettings = (config: {
  delivery?: Partial<DeliveryConfig> | undefined;
}): DeliveryConfig => ({
  ...DEFAULT_DELIVERY,
  ...config.delivery,
});
