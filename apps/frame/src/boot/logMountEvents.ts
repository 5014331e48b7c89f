import type { BootstrapResponse } from '@latch/api';
import type { LoginConfig, MountKind } from '@latch/protocol';
import type { EventLogger } from '@latch/screens';

/**
 * A frame's first event-log entries, as Stytch's SDK writes them: `render_login_screen` and
 * `render_idp_screen` both carry the bootstrap as the provider sent it (snake_case), once per frame.
 */
export function logMountEvents(
  eventLog: Pick<EventLogger, 'log'>,
  kind: MountKind,
  config: LoginConfig,
  bootstrap: BootstrapResponse,
): void {
  eventLog.log('sdk_instance_instantiated', {});
  if (kind === 'login') eventLog.log('render_login_screen', { options: config, bootstrap });
  if (kind === 'identity-provider') eventLog.log('render_idp_screen', { bootstrap });
}
