import type { ProjectConfig } from '../config/configSchema';
import { sha256Hex } from '../crypto/hash';
import type { Channel } from '../delivery/outbox';
import type { Services } from '../http/deps';
import { addMinutes } from '../sessions/duration';
import { extendNewestToken, type NewestTokenQuery } from '../tokens/extendNewestToken';
import { normalizeEmail } from '../users/email';
import { budget } from './rateLimits';

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
  /** Issues the message's tokens, living `minutes`, and delivers it. */
  send: (minutes: number) => Promise<void>;
}

/** Email addresses and phone numbers are one destination whichever channel reaches them. */
function destinationKey(project: ProjectConfig, { channel, to }: MessageToSend): string {
  const destination = channel === 'email' ? `email:${normalizeEmail(to)}` : `phone:${to.trim()}`;
  return sha256Hex(`${project.project_id}:${destination}`);
}

/**
 * Sends a message within the destination's budget (`sends_per_destination`), spent only here, once
 * the request is valid and its user found. Over budget nothing tells the caller: the newest
 * usable message of the same kind is kept working for at least the asked lifetime instead; only
 * when there is none, one new message goes out past the budget (`spare_sends_per_destination`, per
 * destination and kind, PKCE-bound apart), living at least until the next spare one could go out.
 * So whoever asks, the owner's newest message of each kind works, and a destination gets a bounded
 * number of messages.
 */
export async function sendOrKeepNewest(
  services: Pick<Services, 'db' | 'logger' | 'limiter' | 'config'>,
  project: ProjectConfig,
  message: MessageToSend,
): Promise<void> {
  const { db, limiter, logger, config } = services;
  const key = destinationKey(project, message);
  const limits = config.rate_limits;
  if ((await limiter.take(`sends:destination:${key}`, budget(limits.sends_per_destination))).ok) {
    return message.send(message.minutes);
  }
  const now = new Date();
  const kept = await extendNewestToken(db, {
    ...message.newest,
    projectId: project.project_id,
    expiresAt: addMinutes(now, message.minutes),
    now,
  });
  const lane = `${message.newest.kind}${message.newest.codeChallenge ? ':pkce' : ''}`;
  const spare = budget(limits.spare_sends_per_destination);
  const outcome = kept
    ? 'kept'
    : (await limiter.take(`sends:spare:${key}:${lane}`, spare)).ok
      ? 'spare'
      : 'withheld';
  // The owner's complaint 'no email came' starts here; the log keeps addresses out.
  logger.info({ project_id: project.project_id, lane, outcome }, 'send over the destination budget');
  if (outcome !== 'spare') return;
  const spareMinutes = Math.ceil(spare.perSeconds / spare.limit / 60);
  await message.send(Math.min(message.maxMinutes, Math.max(message.minutes, spareMinutes)));
}
