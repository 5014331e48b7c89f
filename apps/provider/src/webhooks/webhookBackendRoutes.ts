import { backendRoute } from '../http/backendRoute';
import type { Route } from '../http/route';
import { emitEvent } from './emitEvent';
import { TEST_EVENT_TYPE } from './eventTypes';

/**
 * `POST /v1/webhooks/test` (project secret): queues a signed `webhook.test` event for every one of
 * the project's endpoints, whatever it subscribed to; answers the deliveries' ids (`webhook-id`).
 */
export const webhookBackendRoutes: Route[] = [
  backendRoute('POST /v1/webhooks/test', async ({ project, services }) => ({
    message_ids: await emitEvent(services.db, project, TEST_EVENT_TYPE, {}),
  })),
];
