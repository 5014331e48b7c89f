import { OTP_EXPIRATION_MINUTES } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { deliver, otpEmail, otpText } from '../delivery';
import type { Services } from '../http/deps';
import { sendOrKeepNewest } from '../limits/sendOrKeepNewest';
import { addMinutes } from '../sessions/duration';
import { issueOtp, OTP_MAX_ATTEMPTS, type OtpChannel } from './otpCodes';

/**
 * Stores a fresh code for the method (replacing the previous one) and sends it; over the
 * destination's budget, the method's current code is kept working instead (`sendOrKeepNewest`).
 */
export async function sendCode(
  services: Services,
  project: ProjectConfig,
  target: { userId: string; methodId: string; channel: OtpChannel; to: string; minutes: number },
): Promise<{ method_id: string }> {
  await sendOrKeepNewest(services, project, {
    channel: target.channel,
    to: target.to,
    // The method's code, whichever channel carried it: it is the one the owner can type.
    newest: {
      kind: 'otp',
      userId: target.userId,
      match: { method_id: target.methodId },
      maxAttempts: OTP_MAX_ATTEMPTS,
    },
    minutes: target.minutes,
    maxMinutes: OTP_EXPIRATION_MINUTES.max,
    send: async (tx, minutes) => {
      const now = new Date();
      const code = await issueOtp(tx, {
        project,
        userId: target.userId,
        methodId: target.methodId,
        channel: target.channel,
        expirationMinutes: minutes,
        now,
      });
      const content = { code, minutes };
      await deliver({ db: tx, delivery: services.delivery }, project, {
        channel: target.channel,
        to: target.to,
        ...(target.channel === 'email' ? otpEmail(project, content) : otpText(project, content)),
        metadata: { code },
        expiresAt: addMinutes(now, minutes),
      });
    },
  });
  return { method_id: target.methodId };
}
