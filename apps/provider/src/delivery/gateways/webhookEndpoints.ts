import type { Webhook } from 'standardwebhooks';
import type { Gateway } from './Gateway';
import { signedPost } from './signedPost';

/**
 * The project's event webhooks: a queued event goes to the endpoint it names (`to`), its JSON
 * body as queued, signed with that endpoint's secret. An endpoint no longer configured fails.
 */
export function webhookEndpoints(signers: ReadonlyMap<string, Webhook>): Gateway {
  return {
    async send(message, signal) {
      const signer = signers.get(message.to);
      if (!signer)
        return {
          kind: 'failed',
          reason: `${message.to} is no longer one of the project's webhook endpoints`,
        };
      return signedPost(message.to, signer, { id: message.messageId, body: message.text }, signal);
    },
  };
}
