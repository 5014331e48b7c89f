import * as client from 'openid-client';
import { IDP_CLIENT_ID, IDP_REDIRECT_URI } from '../pages/IdentityProviderPage';
import { AUTH_ORIGIN, HOST_ORIGIN } from './env';
import { DEFAULT_PROJECT } from './project';

/** The e2e project's OpenID Connect issuer: all a relying party is told besides its client. */
export const ISSUER = new URL(`${AUTH_ORIGIN}/v1/public/${DEFAULT_PROJECT.project_id}`);

/** The confidential client of e2e/fixtures/latch.config.json, its secret read from there. */
export const SERVER_APP = (() => {
  const clientId = 'connected-app-test-e2e-server';
  const secret = DEFAULT_PROJECT.connected_apps?.find((app) => app.client_id === clientId)?.client_secret;
  if (!secret) throw new Error(`${clientId} has no client_secret in e2e/fixtures/latch.config.json`);
  // A page of the host origin (the demo answers 404): the browser's URL there is the callback.
  return { clientId, secret, redirectUri: `${HOST_ORIGIN}/callback` };
})();

/** The public client (no secret): it authenticates with `none` and proves itself with PKCE. */
export const PUBLIC_APP = { clientId: IDP_CLIENT_ID, redirectUri: IDP_REDIRECT_URI };

/** openid-client configured by discovery alone; plain HTTP is allowed because e2e runs on it. */
export const discover = (clientId: string, auth: client.ClientAuth): Promise<client.Configuration> =>
  client.discovery(ISSUER, clientId, undefined, auth, { execute: [client.allowInsecureRequests] });

/** A code + PKCE authorization request, with what the callback must be checked against. */
export async function authorizationRequest(
  config: client.Configuration,
  params: { redirect_uri: string; scope: string; prompt?: string },
) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    ...params,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const checks = { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce };
  return { url, checks };
}

/** The error a promise rejected with, or null when it resolved. */
export const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
