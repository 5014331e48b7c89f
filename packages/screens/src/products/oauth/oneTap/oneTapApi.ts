import { ApiError, isErrorEnvelope, NetworkError, type ApiClient } from '@latch/api';
import type { LoginConfig } from '@latch/protocol';
import { GOOGLE_GSI_URL } from './gsiClient';

export interface OneTapStart {
  googleClientId: string;
  callbackId: string;
  nonce: string | null;
  /** The script that provides `google.accounts.id`: Google's, or the provider's dev stand-in. */
  gsiUrl: string;
}

const START_PATH = '/v1/public/oauth/google/onetap/start';

async function readJson(response: Response): Promise<Record<string, unknown>> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (cause) {
    throw new NetworkError(`The authentication service answered ${response.status} without JSON.`, { cause });
  }
  if (!response.ok) {
    if (isErrorEnvelope(payload)) throw new ApiError(payload);
    throw new NetworkError(`The authentication service answered ${response.status}.`);
  }
  if (typeof payload !== 'object' || payload === null)
    throw new NetworkError('The authentication service answered without an object.');
  return payload as Record<string, unknown>;
}

async function send(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'include' });
  } catch (cause) {
    throw new NetworkError('The authentication service could not be reached.', { cause });
  }
  return readJson(response);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function redirectQuery(config: LoginConfig): Record<string, string> {
  const query: Record<string, string> = {};
  const options = config.oauthOptions;
  if (options?.loginRedirectURL) query['login_redirect_url'] = options.loginRedirectURL;
  if (options?.signupRedirectURL) query['signup_redirect_url'] = options.signupRedirectURL;
  return query;
}

/**
 * One Tap start (`GET /v1/public/oauth/google/onetap/start`): the Google client id and the
 * callback id. An empty client id is the hosted provider's way to say no Google client exists.
 * A stand-in script is used only from the API's own origin.
 */
export async function oneTapStart(api: ApiClient, config: LoginConfig): Promise<OneTapStart> {
  const url = api.pageUrl(START_PATH, redirectQuery(config));
  const answer = await send(url, { method: 'GET' });
  const googleClientId = text(answer['google_client_id']);
  if (!googleClientId) {
    throw new ApiError({
      status_code: 404,
      request_id: text(answer['request_id']),
      error_type: 'oauth_config_not_found',
      error_message: 'No Google OAuth client is configured for this project.',
      error_url: '',
    });
  }
  const standIn = text(answer['gsi_client_url']);
  const apiOrigin = new URL(url).origin;
  return {
    googleClientId,
    callbackId: text(answer['oauth_callback_id']),
    nonce: text(answer['nonce']) || null,
    gsiUrl:
      standIn && URL.canParse(standIn) && new URL(standIn).origin === apiOrigin ? standIn : GOOGLE_GSI_URL,
  };
}

/** One Tap submit (`POST /v1/oauth/callback/{id}`): Google's credential for the landing page's URL. */
export async function oneTapSubmit(
  api: ApiClient,
  config: LoginConfig,
  callbackId: string,
  credential: string,
): Promise<string> {
  const url = new URL(`/v1/oauth/callback/${encodeURIComponent(callbackId)}`, api.pageUrl(START_PATH, {}));
  const query = redirectQuery(config);
  const answer = await send(url.href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-stytch-oauth-type': 'google-one-tap' },
    body: JSON.stringify({
      id_token: credential,
      login_redirect_url: query['login_redirect_url'],
      signup_redirect_url: query['signup_redirect_url'],
    }),
  });
  const redirect = text(answer['redirect_url']);
  if (!redirect) throw new NetworkError('One Tap submit answered without a redirect_url.');
  return redirect;
}
