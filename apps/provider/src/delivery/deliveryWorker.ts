import type { LatchConfig, ProjectConfig } from '../config/configSchema';
import { deliverySettings } from '../config/deliverySchema';
import type { Db } from '../db/Db';
import { errorSummary } from '../http/errorSummary';
import type { Logger } from '../http/logger';
import { indexProjects } from '../http/projects';
import { deliveries } from '../metrics/metrics';
import { deliveryGateways, type DeliveryGateways } from './deliveryGateways';
import { acceptanceTicket, type AcceptanceTicket } from './acceptanceTicket';
import type { SendOutcome } from './gateways/Gateway';
import type { Channel } from './outbox';
import {
  claimDue,
  endAttempt,
  extendLeases,
  nextDueAt,
  type AttemptEnd,
  type ClaimedMessage,
} from './outboxQueue';
import { retryDelay } from './retryDelay';
import { slots } from './slots';

/** Sends in flight per process; a hanging gateway holds one slot until its timeout. */
const CONCURRENCY = 64;
/** How often an idle worker looks for messages other processes queued, or left behind when killed. */
const POLL_MS = 2_000;
const MAX_REASON = 1000;
const CHANNELS: readonly Channel[] = ['email', 'sms', 'whatsapp', 'webhook'];

export interface DeliveryTiming {
  sendTimeoutMs: number;
  firstRetryMs: number;
  maxRetryMs: number;
  maxAttempts: number;
  pollMs: number;
}

export interface DeliveryWorker {
  /** Whether the project's messages on `channel` have a gateway; those without one are held. */
  hasGateway(project: ProjectConfig, channel: Channel): boolean;
  /** Sends what is due now, without waiting: call it once a transaction that queued messages commits. */
  wake(): void;
  /** Also looks for due messages every `pollMs` (other processes', retries, abandoned sends). */
  start(): void;
  /** Stops claiming, hands back what is in flight to the queue, ends the gateways' connections. */
  stop(): Promise<void>;
}

export interface DeliveryWorkerDeps {
  db: Db;
  config: LatchConfig;
  logger: Logger;
  env: Readonly<Record<string, string | undefined>>;
  gateways?: DeliveryGateways;
  /** The clock that decides what is due and expired (tests move it). */
  now?: () => Date;
  timing?: Partial<DeliveryTiming>;
}

const timingOf = (config: LatchConfig, override: Partial<DeliveryTiming> = {}): DeliveryTiming => {
  const s = deliverySettings(config);
  return {
    sendTimeoutMs: s.send_timeout_seconds * 1000,
    firstRetryMs: s.first_retry_seconds * 1000,
    maxRetryMs: s.max_retry_seconds * 1000,
    maxAttempts: s.max_attempts,
    pollMs: POLL_MS,
    ...override,
  };
};

// Gateways' reasons quote what they refused; the log keeps addresses and numbers out.
const withoutAddresses = (reason: string): string =>
  reason.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]').replace(/\+?\d[\d ()-]{6,}\d/g, '[number]');

/**
 * The outbox's delivery worker, one per provider process. It claims due messages with
 * `FOR UPDATE SKIP LOCKED` (so the processes on one database share the queue and never send a
 * message twice, unless one dies between the gateway's acceptance and its record), sends each
 * through its project's gateway and records the outcome: sent, queued again after a backoff
 * (a transient failure), failed (a permanent one, or out of attempts), expired (its passcode or
 * link ran out first) or held (no gateway).
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { db, logger } = deps;
  const timing = timingOf(deps.config, deps.timing);
  const now = deps.now ?? (() => new Date());
  const projects = indexProjects(deps.config);
  const gateways = deps.gateways ?? deliveryGateways(deps.env, timing);
  const inFlight = new Map<string, { claim: ClaimedMessage; done: Promise<void>; abort: AbortController }>();
  // A claim lasts two send timeouts and is renewed every half timeout while its send runs.
  const leaseMs = 2 * timing.sendTimeoutMs;
  const leaseUntil = (): Date => new Date(now().getTime() + leaseMs);
  let renewer: NodeJS.Timeout | undefined;
  let stopped = false;
  let started = false;
  let claiming = false;
  // Set by a wake during a claim, or by a claim that filled every free slot: claim again.
  let more = false;
  let timer: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  // How many messages at once may be between a gateway's acceptance and its record (AcceptanceTurn).
  const acceptance = slots(deliverySettings(deps.config).max_unrecorded);

  const settle = async (
    claim: ClaimedMessage,
    end: AttemptEnd,
    outcomeLog: Record<string, unknown>,
    ticket?: AcceptanceTicket,
  ) => {
    const live = projects.byProjectId(claim.project_id)?.test === false;
    const recorded = await endAttempt(db, claim, end, { live });
    await ticket?.giveBack();
    if (recorded)
      deliveries.inc({ channel: claim.channel, outcome: end.state === 'queued' ? 'retry' : end.state });
    const fields = {
      message_id: claim.message_id,
      project_id: claim.project_id,
      channel: claim.channel,
      attempts: claim.attempts,
      state: end.state,
      ...outcomeLog,
      ...('error' in end && end.error ? { error: withoutAddresses(end.error) } : {}),
    };
    if (!recorded) logger.info(fields, 'message outcome not recorded: another worker took it over');
    else if (end.state === 'failed') logger.error(fields, 'message failed');
    else logger.info(fields, `message ${end.state === 'queued' ? 'to be retried' : end.state}`);
  };

  const endOf = (claim: ClaimedMessage, outcome: SendOutcome, at: Date): AttemptEnd => {
    if (outcome.kind === 'sent') return { state: 'sent', at, gatewayId: outcome.gatewayId ?? null };
    const reason = outcome.reason.slice(0, MAX_REASON);
    if (outcome.kind === 'failed') return { state: 'failed', error: reason };
    // A send that only waited here is retried soon, its attempt given back.
    const uncounted = outcome.uncounted === true;
    if (!uncounted && claim.attempts >= timing.maxAttempts)
      return { state: 'failed', error: `gave up after ${claim.attempts} attempts: ${reason}` };
    const delay = uncounted
      ? timing.firstRetryMs
      : retryDelay(claim.attempts, {
          firstMs: timing.firstRetryMs,
          maxMs: timing.maxRetryMs,
          retryAfterMs: outcome.retryAfterMs,
        });
    const next = new Date(at.getTime() + delay);
    if (claim.expires_at && next >= new Date(claim.expires_at))
      return { state: 'expired', error: `expired before it could be retried: ${reason}` };
    return { state: 'queued', at: next, error: reason, ...(uncounted ? { uncounted } : {}) };
  };

  const send = async (claim: ClaimedMessage, abort: AbortController): Promise<void> => {
    const began = now();
    if (claim.expires_at && new Date(claim.expires_at) <= began)
      return settle(claim, { state: 'expired', error: 'expired while queued: not sent late' }, {});
    const project = projects.byProjectId(claim.project_id);
    const gateway = project ? gateways.of(project, claim.channel) : null;
    if (!gateway)
      return settle(claim, { state: 'held', error: `no ${claim.channel} gateway is configured` }, {});
    const timeout = setTimeout(() => abort.abort(), timing.sendTimeoutMs);
    const ticket = acceptanceTicket(acceptance);
    try {
      let outcome: SendOutcome;
      try {
        outcome = await gateway.send(
          {
            messageId: claim.message_id,
            channel: claim.channel,
            to: claim.recipient,
            subject: claim.subject,
            text: claim.body_text,
            html: claim.body_html,
            metadata: claim.metadata,
          },
          abort.signal,
          ticket.turn,
        );
      } catch (error) {
        outcome = { kind: 'retry', reason: errorSummary(error) };
      } finally {
        clearTimeout(timeout);
      }
      // Stopping: the message goes back to the queue, due at once, for this or another process.
      if (stopped && outcome.kind === 'retry')
        return await settle(claim, { state: 'queued', at: now(), error: null }, { stopping: true }, ticket);
      const ms = now().getTime() - began.getTime();
      await settle(claim, endOf(claim, outcome, now()), { ms }, ticket);
    } finally {
      await ticket.giveBack();
    }
  };

  const launch = (claim: ClaimedMessage): void => {
    const abort = new AbortController();
    const done = send(claim, abort)
      .catch((error: unknown) =>
        logger.error({ message_id: claim.message_id, error: errorSummary(error) }, 'delivery failed'),
      )
      .finally(() => {
        inFlight.delete(claim.message_id);
        if (more) wake();
        else if (inFlight.size === 0) void scheduleNext();
      });
    inFlight.set(claim.message_id, { claim, done, abort });
    renewer ??= setInterval(renew, timing.sendTimeoutMs / 2).unref();
  };

  const renew = (): void => {
    if (inFlight.size === 0) {
      clearInterval(renewer);
      renewer = undefined;
      return;
    }
    const claims = [...inFlight.values()].map(({ claim }) => claim);
    extendLeases(db, claims, leaseUntil()).catch((error: unknown) =>
      logger.error({ error: errorSummary(error) }, 'delivery: renewing claims failed'),
    );
  };

  /** One timer for the soonest retry or lease end this database holds. */
  const scheduleNext = async (): Promise<void> => {
    if (stopped) return;
    const due = await nextDueAt(db).catch(() => null);
    if (stopped || !due) return;
    clearTimeout(timer);
    timer = setTimeout(wake, Math.max(0, due.getTime() - now().getTime()) + 5).unref();
  };

  const claim = async (): Promise<void> => {
    claiming = true;
    try {
      do {
        more = false;
        const room = CONCURRENCY - inFlight.size;
        if (room <= 0) {
          more = true;
          return;
        }
        const claimed = await claimDue(db, { now: now(), leaseUntil: leaseUntil(), limit: room });
        for (const message of claimed) launch(message);
        if (claimed.length === room) more = true;
      } while (more && !stopped && inFlight.size < CONCURRENCY);
    } catch (error) {
      if (!stopped) logger.error({ error: errorSummary(error) }, 'delivery: claiming messages failed');
    } finally {
      claiming = false;
    }
    if (inFlight.size === 0) await scheduleNext();
  };

  // Whether any project has a gateway at all: if none, nothing is ever queued in this process.
  let anyGateway: boolean | undefined;
  const hasAnyGateway = (): boolean =>
    (anyGateway ??= projects.all.some((project) =>
      CHANNELS.some((channel) => gateways.of(project, channel)),
    ));

  // A wake claims in the next turn of the event loop: the request that woke it answers first, and
  // the wakes of one turn make one claim.
  let wakeQueued = false;
  function wake(): void {
    if (stopped || wakeQueued || (!started && !hasAnyGateway())) return;
    if (claiming) {
      more = true;
      return;
    }
    wakeQueued = true;
    setImmediate(() => {
      wakeQueued = false;
      if (stopped) return;
      if (claiming) more = true;
      else void claim();
    });
  }

  return {
    hasGateway(project, channel) {
      return gateways.of(project, channel) !== null;
    },
    wake,
    start() {
      if (started || stopped) return;
      started = true;
      poller = setInterval(wake, timing.pollMs).unref();
      wake();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(poller);
      for (const { abort } of inFlight.values()) abort.abort();
      // Claims are still renewed meanwhile: a send the gateway cannot withdraw keeps its message.
      await Promise.all([...inFlight.values()].map(({ done }) => done));
      clearInterval(renewer);
      gateways.close();
    },
  };
}
