import { ApiError } from '@latch/api';
import type { WidgetHost } from '../../services/WidgetServices';

/** Sends the message the visitor saw to the host's error callback, with the provider's code if any. */
export function reportPasskeyError(host: WidgetHost, error: unknown, message: string): void {
  const code =
    error instanceof ApiError ? { error_type: error.error_type, status_code: error.status_code } : {};
  void host.reportError({ message, ...code }).catch(() => undefined);
}
