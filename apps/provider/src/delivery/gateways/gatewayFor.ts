import type { ProjectConfig } from '../../config/configSchema';
import type { Channel } from '../outbox';
import type { Gateway } from './Gateway';

// Placeholder: the SMS, WhatsApp and webhook gateways' own gatewayFor replaces this file.
export function gatewayFor(
  _project: ProjectConfig,
  _channel: Channel,
  _env: Readonly<Record<string, string | undefined>>,
): Gateway | null {
  return null;
}
