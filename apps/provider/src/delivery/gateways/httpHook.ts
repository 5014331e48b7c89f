import type { Webhook } from 'standardwebhooks';
import type { Gateway } from './Gateway';
import { signedPost } from './signedPost';

/**
 * Any other gateway: the message, POSTed to the operator's URL as a signed Standard Webhooks
 * event `{type: "message.<channel>", timestamp, data}`, for the operator's own code to send.
 */
export function httpHook(url: string, signer: Webhook): Gateway {
  return {
    send(message, signal) {
      const body = JSON.stringify({
        type: `message.${message.channel}`,
        timestamp: new Date().toISOString(),
        data: {
          message_id: message.messageId,
          channel: message.channel,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          metadata: message.metadata,
        },
      });
      return signedPost(url, signer, { id: message.messageId, body }, signal);
    },
  };
}
