import type { ProjectConfig } from '../config/configSchema';
import { sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { deliveringTransaction } from '../delivery/deliveringTransaction';
import type { Channel } from '../delivery/outbox';
import type { Services } from '../http/deps';
import { addMinutes } from '../sessions/duration';
import { extendToken, findNewestToken, type NewestTokenQuery } from '../tokens/newestToken';
import { normalizeEmail } from '../users/email';
import { budget } from './rateLimits';
import { sends } from '../metrics/metrics';

/** A message a flow is about to send, and how to find the one already sent that can stand in for it. */
export interface MessageToSend {
  channel: Channel;
  /** The address or number it goes to. */
  to: string;
  /** The flow's tokens that work as this message would (its newest one is kept working). */
  newest: NewestTokenQuery;
  /** The lifetime the request asked for. */
  minutes: number;
  /** The longest lifetime this kind of message may have. */
  maxMinutes: number;
  /**
   * Issues the message's tokens, living `minutes`, and queues it (`deliver`), all on `tx`: one
   * transaction, so a message goes out exactly when its tokens exist.
   */
  send: (tx: Queryable, minutes: number) => Promise<void>;
}

/** Email addresses and phone numbers are one destination whichever channel reaches them. */
function destinationKey(project: ProjectConfig, { channel, to }: MessageToSend): string {
  const destination = channel === 'email' ? `email:${normalizeEmail(to)}` : `phone:${to.trim()}`;
  return sha256Hex(`${project.project_id}:${destination}`);
}

/** Whole minutes from `now` until the latest of `times`, at most `max`. */
const minutesUntil = (now: Date, times: readonly Date[], max: number): number =>
  Math.min(max, Math.ceil((Math.max(...times.map((t) => t.getTime())) - now.getTime()) / 60_000));

/**
 * Sends a message within the destination's budget (`sends_per_destination`), spent only here, once
 * the request is valid and its user found. A new message lives at least as long as the usable one
 * it follows, so a stranger's short-lived sends never cut the owner's short. Over the budget
 * nothing tells the caller: the newest message, when usable, is kept working for at least the
 * asked lifetime instead; only when there is none, one new message goes out past the budget
 * (`spare_sends_per_destination`, per destination and kind, PKCE-bound apart), living at least
 * until the next spare one could go out. So whoever asks, the newest message of each kind works,
 * and a destination gets a bounded number of messages.
 */
export async function sendOrKeepNewest(
  services: Pick<Services, 'db' | 'logger' | 'limiter' | 'config'>,
  project: ProjectConfig,
  message: MessageToSend,
): Promise<void> {
  const { db, limiter, logger, config } = services;
  const key = destinationKey(project, message);
  const limits = config.rate_limits;
  const now = new Date();
  const asked = addMinutes(now, message.minutes);
  const query = { ...message.newest, projectId: project.project_id, now };
  // Apart, so asked together: one round trip to the database instead of two.
  const [newest, allowed] = await Promise.all([
    findNewestToken(db, query),
    limiter.take(`sends:destination:${key}`, budget(limits.sends_per_destination)),
  ]);
  if (allowed.ok) {
    const times = newest ? [asked, newest.expiresAt] : [asked];
    return sendNow(services, message, minutesUntil(now, times, message.maxMinutes));
  }
  const kept =
    newest !== null &&
    (await extendToken(db, { userId: query.userId, tokenId: newest.tokenId, expiresAt: asked, now }));
  const lane = `${query.kind}${query.codeChallenge ? ':pkce' : ''}`;
  const spare = budget(limits.spare_sends_per_destination);
  const outcome = kept
    ? 'kept'
    : (await limiter.take(`sends:spare:${key}:${lane}`, spare)).ok
      ? 'spare'
      : 'withheld';
  // Where an owner's 'no message came' starts; the log keeps addresses out.
  logger.info({ project_id: project.project_id, lane, outcome }, 'send over the destination budget');
  if (outcome !== 'spare') return void sends.inc({ channel: message.channel, outcome });
  const nextSpare = new Date(now.getTime() + (spare.perSeconds * 1000) / spare.limit);
  await sendNow(services, message, minutesUntil(now, [asked, nextSpare], message.maxMinutes));
}

/**
 * Issues and queues in one transaction, then wakes this process's worker when a message is queued
 * for a gateway (one held in the outbox wakes nothing): no polling delay.
 */
async function sendNow({ db }: Pick<Services, 'db'>, message: MessageToSend, minutes: number): Promise<void> {
  await deliveringTransaction(db, (tx) => message.send(tx, minutes));
}
