import type { ApiClient, SdkResponse } from '@latch/api';
import type { LoginConfig } from '@latch/protocol';
import { loadCeremony } from './loadCeremony';
import { EmptyPasskeyResponse } from './passkeyErrors';
import { sessionDuration } from '../../session/sessionDuration';
import { passkeyDomain } from './passkeyConfig';

export type PasskeyAuthentication = SdkResponse<'POST /webauthn/authenticate'>;
export type PasskeyRegistration = SdkResponse<'POST /webauthn/register'>;

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Start → browser ceremony → authenticate (`webauthn/authenticate/start/primary`, `webauthn/authenticate`); the options travel as JSON strings. */
export async function authenticateWithPasskey(
  api: ApiClient,
  config: LoginConfig,
  { conditional, signal }: { conditional: boolean; signal?: AbortSignal | undefined },
): Promise<PasskeyAuthentication> {
  const ceremony = await loadCeremony();
  const start = await api.call(
    'POST /webauthn/authenticate/start/primary',
    { domain: passkeyDomain(config), return_passkey_credential_options: true },
    withSignal(signal),
  );
  const credential = await ceremony.getPasskeyCredential(start.public_key_credential_request_options, {
    conditional,
    signal,
  });
  const response = await api.call(
    'POST /webauthn/authenticate',
    { public_key_credential: credential, session_duration_minutes: sessionDuration(config) },
    withSignal(signal),
  );
  if (!response?.session_token) throw new EmptyPasskeyResponse();
  return response;
}

/** Register start → browser ceremony → register, for the signed-in user of the registration mount. */
export async function registerPasskey(api: ApiClient, config: LoginConfig): Promise<PasskeyRegistration> {
  const ceremony = await loadCeremony();
  const start = await api.call('POST /webauthn/register/start', {
    domain: passkeyDomain(config),
    return_passkey_credential_options: true,
    user_agent: globalThis.navigator?.userAgent ?? '',
  });
  const credential = await ceremony.createPasskeyCredential(start.public_key_credential_creation_options);
  return api.call('POST /webauthn/register', {
    public_key_credential: credential,
    session_duration_minutes: sessionDuration(config),
  });
}
