import type { ProjectConfig } from '../src/config/configSchema';
import type { Queryable } from '../src/db/Db';
import type { GatewayMessage, SendOutcome } from '../src/delivery/gateways/Gateway';
import { gatewayFor } from '../src/delivery/gateways/gatewayFor';
import type { Channel, OutboxMessage } from '../src/delivery/outbox';

type QueuedRow = Omit<OutboxMessage, 'project_id' | 'created_at'>;

/**
 * Hands each message of `channel` queued since the last call to the project's gateway, as the
 * outbox worker does, and answers what the gateway said. Messages are remembered here, not marked
 * in the database: the tests see the outbox as the API calls left it.
 */
export function queuedDelivery(db: Queryable, project: ProjectConfig, env: Record<string, string>) {
  const handed = new Set<string>();
  return async (channel: Channel): Promise<{ message: GatewayMessage; outcome: SendOutcome }[]> => {
    const gateway = gatewayFor(project, channel, env);
    if (!gateway) throw new Error(`project ${project.name} has no ${channel} gateway`);
    const rows = await db.query<QueuedRow & Record<string, unknown>>(
      `SELECT message_id, channel, recipient, subject, body_text, body_html, metadata FROM outbox
       WHERE project_id = $1 AND channel = $2 ORDER BY created_at, seq`,
      [project.project_id, channel],
    );
    const results = [];
    for (const row of rows.filter((r) => !handed.has(r.message_id))) {
      handed.add(row.message_id);
      const message: GatewayMessage = {
        messageId: row.message_id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        metadata: row.metadata,
      };
      results.push({ message, outcome: await gateway.send(message, new AbortController().signal) });
    }
    return results;
  };
}
