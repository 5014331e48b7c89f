import type { ApiClient } from '@latch/api';
import type { EventType, LoginConfig, WidgetEventData } from '@latch/protocol';
import type { Outcome } from '../../flow/transitions';
import type { ErrorDescriptor } from '../../state/formAtoms';
import type { WidgetHost } from '../../services/WidgetServices';
import { handSessionToHost } from '../../session/handSessionToHost';
import type { Translate } from '../../strings/translate';
import { authenticateWithPasskey } from './passkeyCalls';
import { authenticationErrorId, isCancelled } from './passkeyErrors';
import { reportPasskeyError } from './reportPasskeyError';

/** `stopped`: aborted or dismissed, do not ask again; `failed`: may be retried. */
export type PasskeyLoginResult = 'ok' | 'failed' | 'stopped';

export interface PasskeyLoginOptions {
  conditional: boolean;
  signal?: AbortSignal;
}

/** What a passkey sign-in needs from the mounted widget (`usePasskeyLogin` gathers it). */
export interface PasskeyLoginContext {
  api: ApiClient;
  host: WidgetHost;
  config: LoginConfig;
  setDescriptor: (descriptor: ErrorDescriptor | null) => void;
  dispatch: (outcome: Outcome) => void;
  emit: <T extends EventType>(type: T, data: WidgetEventData[T]) => void;
  t: Translate;
}

/**
 * Signs in with a passkey: session to the host, PASSKEY_AUTHENTICATE, then PasskeyConfirmation.
 * Failures set Main's error banner and go to the host's error callback. Its own chunk with the
 * WebAuthn calls: the login screen loads it when a passkey sign-in starts, not before it is drawn.
 */
export async function passkeyLogin(
  { api, host, config, setDescriptor, dispatch, emit, t }: PasskeyLoginContext,
  { conditional, signal }: PasskeyLoginOptions,
): Promise<PasskeyLoginResult> {
  try {
    const response = await authenticateWithPasskey(api, config, { conditional, signal });
    if (signal?.aborted) return 'stopped';
    await handSessionToHost(host, response);
    emit('PASSKEY_AUTHENTICATE', response);
    dispatch('passkeyAuthenticated');
    return 'ok';
  } catch (error) {
    if (signal?.aborted) return 'stopped';
    const id = authenticationErrorId(error, conditional);
    if (id) setDescriptor({ id });
    if (!isCancelled(error)) {
      const message = id ? t(id) : error instanceof Error ? error.message : String(error);
      reportPasskeyError(host, error, message);
    }
    return isCancelled(error) ? 'stopped' : 'failed';
  }
}
