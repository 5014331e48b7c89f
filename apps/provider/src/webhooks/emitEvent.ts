import type { ProjectConfig } from '../config/configSchema';
import type { Queryable } from '../db/Db';
import { enqueueMessage } from '../delivery/outbox';
import type { ProjectRef } from '../users/project';
import { TEST_EVENT_TYPE, type WebhookEventType } from './eventTypes';

/** What emitting an event needs of a project: its id, test/live, and its webhook endpoints. */
export type EventProject = ProjectRef & Pick<ProjectConfig, 'webhooks'>;

export type EventData = Record<string, string | number | boolean | null>;

/** True when one of the project's endpoints subscribed to `type`. */
export const wantsEvent = (project: EventProject, type: WebhookEventType): boolean =>
  project.webhooks.some((endpoint) => endpoint.events.includes(type));

/**
 * Queues a signed event for each endpoint that wants it (every endpoint for the test event), in
 * the caller's transaction: the outbox delivers it, signed with the endpoint's secret. The payload
 * is Standard Webhooks' `{type, timestamp, data}`; answers the outbox ids (each delivery's
 * `webhook-id`).
 */
export async function emitEvent(
  db: Queryable,
  project: EventProject,
  type: WebhookEventType | typeof TEST_EVENT_TYPE,
  data: EventData,
  now: Date = new Date(),
): Promise<string[]> {
  const endpoints = project.webhooks.filter(
    (endpoint) => type === TEST_EVENT_TYPE || endpoint.events.includes(type),
  );
  const body = JSON.stringify({
    type,
    timestamp: now.toISOString(),
    data: { project_id: project.project_id, ...data },
  });
  const ids: string[] = [];
  for (const endpoint of endpoints) {
    ids.push(
      await enqueueMessage(db, {
        project,
        channel: 'webhook',
        recipient: endpoint.url,
        subject: type,
        bodyText: body,
        metadata: { event_type: type },
      }),
    );
  }
  return ids;
}
