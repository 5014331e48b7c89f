import type { Webhook } from 'standardwebhooks';
import type { SendOutcome } from './Gateway';
import { isRetry, postToGateway, refusal } from './postToGateway';

/**
 * POSTs a JSON body to an operator's URL, signed as Standard Webhooks says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`). The id is the outbox message's, the same on every
 * try, so a receiver drops a delivery it already has. Any 2xx is sent.
 */
export async function signedPost(
  url: string,
  signer: Webhook,
  { id, body }: { id: string; body: string },
  signal: AbortSignal,
): Promise<SendOutcome> {
  const now = new Date();
  const answer = await postToGateway(
    url,
    {
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signer.sign(id, now, body),
      },
      body,
    },
    signal,
  );
  if (isRetry(answer)) return answer;
  if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
  return refusal(answer, `${new URL(url).host} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
}
