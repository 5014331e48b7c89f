/** The events a project's webhook endpoints may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'session.created',
  'session.revoked',
  'password.changed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What `POST /v1/webhooks/test` sends to every endpoint, whatever it subscribed to. */
export const TEST_EVENT_TYPE = 'webhook.test';
