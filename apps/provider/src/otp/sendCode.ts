import type { ProjectConfig } from '../config/configSchema';
import { deliver, otpEmail, otpText } from '../delivery';
import type { Services } from '../http/deps';
import { issueOtp, type OtpChannel } from './otpCodes';

/** Stores a fresh code for the method (replacing the previous one) and sends it. */
export async function sendCode(
  services: Services,
  project: ProjectConfig,
  target: { userId: string; methodId: string; channel: OtpChannel; to: string; minutes: number },
): Promise<{ method_id: string }> {
  const code = await issueOtp(services.db, {
    project,
    userId: target.userId,
    methodId: target.methodId,
    channel: target.channel,
    expirationMinutes: target.minutes,
    now: new Date(),
  });
  const content = { projectName: project.name, code, minutes: target.minutes };
  await deliver(services, project, {
    channel: target.channel,
    to: target.to,
    ...(target.channel === 'email' ? otpEmail(content) : otpText(content)),
    metadata: { code },
  });
  return { method_id: target.methodId };
}
