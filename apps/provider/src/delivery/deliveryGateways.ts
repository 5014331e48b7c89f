import type { ProjectConfig } from '../config/configSchema';
import type { Channel } from './outbox';
import type { Gateway } from './gateways/Gateway';
import { gatewayFor } from './gateways/gatewayFor';
import { smtpGateway } from './gateways/smtpGateway';

export interface DeliveryGateways {
  /** The gateway that sends the project's messages on `channel`, or null (held in the outbox). */
  of(project: ProjectConfig, channel: Channel): Gateway | null;
  /** Ends the SMTP pools. */
  close(): void;
}

/**
 * Each project's gateways, made once per process: email through its `smtp` settings (one pooled
 * transport per project), the other channels through `gatewayFor`.
 */
export function deliveryGateways(
  env: Readonly<Record<string, string | undefined>>,
  { sendTimeoutMs }: { sendTimeoutMs: number },
): DeliveryGateways {
  const made = new Map<string, Gateway | null>();
  const pools: { close(): void }[] = [];
  const make = (project: ProjectConfig, channel: Channel): Gateway | null => {
    if (channel !== 'email') return gatewayFor(project, channel, env);
    if (!project.smtp) return null;
    const { password_env: passwordEnv } = project.smtp;
    const password = passwordEnv ? env[passwordEnv] : undefined;
    if (passwordEnv && !password) return unsetPassword(passwordEnv);
    const pool = smtpGateway(project.smtp, password, sendTimeoutMs);
    pools.push(pool);
    return pool;
  };
  return {
    of(project, channel) {
      const key = `${project.project_id}\n${channel}`;
      if (!made.has(key)) made.set(key, make(project, channel));
      return made.get(key) ?? null;
    },
    close() {
      for (const pool of pools.splice(0)) pool.close();
      made.clear();
    },
  };
}

/** A project whose SMTP password is missing: each email fails saying so (`latch outbox retry` once set). */
const unsetPassword = (name: string): Gateway => ({
  send: () =>
    Promise.resolve({
      kind: 'failed',
      reason: `the environment variable ${name} that holds the SMTP password is not set`,
    }),
});
