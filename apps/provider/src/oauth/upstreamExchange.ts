import * as client from 'openid-client';
import type { ProviderValues } from './oauthTokens';
import type { UpstreamSecrets } from './upstreamAuthorizeUrl';
import type { UpstreamClient } from './upstreamClient';
import { claimsProfile, obj, type UpstreamProfile } from './upstreamProfile';
import { AuthError } from '../errors/AuthError';

const callbackError = (message: string, cause?: unknown) =>
  new AuthError('oauth_flow_callback_error', message, cause === undefined ? undefined : { cause });

const why = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** A JSON document from the provider's API with the access token; a failure names the endpoint. */
async function readApi(uc: UpstreamClient, accessToken: string, url: string): Promise<unknown> {
  const response = await client.fetchProtectedResource(
    uc.config,
    accessToken,
    new URL(url),
    'GET',
    undefined,
    new Headers({ Accept: 'application/json' }),
  );
  if (!response.ok)
    throw callbackError(`OAuth provider "${uc.type}": ${new URL(url).pathname} answered ${response.status}.`);
  return response.json().catch((cause: unknown) => {
    throw callbackError(`OAuth provider "${uc.type}": ${new URL(url).pathname} answered no JSON.`, cause);
  });
}

export interface UpstreamResult {
  profile: UpstreamProfile;
  providerValues: ProviderValues;
}

/**
 * The code exchange and the account behind it. openid-client checks `state` (and `iss` where the
 * provider sends it), sends the PKCE verifier, and for OpenID Connect verifies the ID token's
 * signature against the issuer's keys, `iss`, `aud`, `exp` and the nonce.
 * `callback` is the callback URL with its query, or the form POST Request (Apple's form_post).
 */
export async function upstreamExchange(
  uc: UpstreamClient,
  callback: URL | Request,
  { state, secrets }: { state: string; secrets: UpstreamSecrets },
): Promise<UpstreamResult> {
  const isOidc = uc.provider.family === 'oidc';
  const extra: Record<string, string> = { redirect_uri: uc.redirectUri };
  if (uc.provider.family === 'oauth2' && uc.provider.clientIdParam)
    extra[uc.provider.clientIdParam] = uc.clientId;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(
      uc.config,
      callback,
      {
        expectedState: state,
        ...(secrets.codeVerifier ? { pkceCodeVerifier: secrets.codeVerifier } : {}),
        ...(secrets.nonce ? { expectedNonce: secrets.nonce } : {}),
        idTokenExpected: isOidc,
      },
      extra,
    );
  } catch (cause) {
    throw callbackError(
      `OAuth provider "${uc.type}": the sign-in could not be completed (${why(cause)}).`,
      cause,
    );
  }
  let profile: UpstreamProfile | null;
  if (uc.provider.family === 'oidc') {
    const claims: Record<string, unknown> = { ...tokens.claims() };
    // Some providers keep the address out of the ID token; UserInfo (same subject) fills it in.
    if (!claims['email'] && uc.userinfoEndpoint && tokens.access_token) {
      const info = await client
        .fetchUserInfo(uc.config, tokens.access_token, String(claims['sub']))
        .catch((cause: unknown) => {
          throw callbackError(`OAuth provider "${uc.type}": UserInfo failed (${why(cause)}).`, cause);
        });
      Object.assign(claims, info, { sub: claims['sub'] });
    }
    profile = claimsProfile(claims);
    if (!profile.subject) profile = null;
  } else {
    const user = obj(await readApi(uc, tokens.access_token, uc.userinfoEndpoint ?? ''));
    const emails = uc.emailsEndpoint ? await readApi(uc, tokens.access_token, uc.emailsEndpoint) : undefined;
    profile = uc.provider.profile(user, emails);
  }
  if (!profile) throw callbackError(`OAuth provider "${uc.type}" answered no account id.`);
  const expiresIn = tokens.expiresIn();
  return {
    profile,
    providerValues: {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? '',
      id_token: tokens.id_token ?? '',
      scopes: (tokens.scope ?? '').split(/[\s,]+/).filter(Boolean),
      expires_at: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000).toISOString(),
    },
  };
}
