import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { startGatewayStandIn, type GatewayStandIn } from './gatewayStandIn';

/** A delivery the receiver verified: its `webhook-id` and its parsed JSON payload. */
export interface ReceivedEvent {
  id: string;
  payload: unknown;
}

export interface WebhookReceiver extends GatewayStandIn {
  url: string;
  /** Deliveries whose signature verified, in order. */
  events: ReceivedEvent[];
  /** Deliveries refused: what the library said was wrong. */
  refusals: string[];
}

/** A fresh Standard Webhooks signing secret (`whsec_` and 24 random bytes in base64). */
export const newWebhookSecret = (): string =>
  `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;

/**
 * An integrator's webhook endpoint at `/hooks`: it verifies each delivery with the Standard Webhooks
 * library and the shared `secret` (signature, and a timestamp within its tolerance), answers 204
 * when it holds, 400 when it does not; `fail()` makes it answer an outage instead.
 */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const events: ReceivedEvent[] = [];
  const refusals: string[] = [];
  const verifier = new Webhook(secret);
  const standIn = await startGatewayStandIn((request) => {
    if (request.method !== 'POST' || request.path !== '/hooks') return { status: 404 };
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    try {
      const payload = verifier.verify(request.body, headers);
      events.push({ id: headers['webhook-id'] ?? '', payload });
      return { status: 204 };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      refusals.push(error.message);
      return { status: 400, body: { error: error.message } };
    }
  });
  return Object.assign(standIn, { url: `${standIn.origin}/hooks`, events, refusals });
}
