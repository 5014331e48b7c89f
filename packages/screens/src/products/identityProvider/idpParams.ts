import type { IdpAuthorizeParams, IdpLogoutParams } from '@latch/api';

export type IdpRequest =
  | { flow: 'authorize'; params: IdpAuthorizeParams }
  | { flow: 'logout'; params: IdpLogoutParams }
  | { flow: 'missing'; param: string };

/** What an authorize request without `scope` / `response_type` asks for. */
export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

/** The scope string is split on spaces, dropping empty entries. */
export const splitScopes = (scope: string): string[] => scope.split(' ').filter((s) => s !== '');

/**
 * OpenID Connect Core section 3.1.2.1: `prompt=none` asks for no UI at all, so the screen never
 * shows a message the relying party would wait behind; the provider answers an error redirect.
 */
export const wantsNoUi = (params: IdpAuthorizeParams): boolean =>
  splitScopes(params.prompt ?? '').includes('none');

/**
 * The host page's query string as an OAuth request (docs/identity-provider.md, authorization request): `post_logout_redirect_uri`
 * makes it a logout, anything else an authorize; a required parameter missing is named.
 */
export function readIdpRequest(hostSearch: string): IdpRequest {
  const query = new URLSearchParams(hostSearch);
  const get = (key: string): string | undefined => query.get(key) || undefined;
  const missing = (keys: string[]) => keys.find((k) => !get(k));
  const optional = (keys: string[]) =>
    Object.fromEntries(keys.flatMap((k) => (get(k) === undefined ? [] : [[k, get(k)]]))) as Record<
      string,
      string
    >;

  if (query.has('post_logout_redirect_uri')) {
    const param = missing(['client_id', 'post_logout_redirect_uri']);
    if (param) return { flow: 'missing', param };
    return {
      flow: 'logout',
      params: {
        client_id: get('client_id') ?? '',
        post_logout_redirect_uri: get('post_logout_redirect_uri') ?? '',
        ...optional(['state', 'id_token_hint']),
      },
    };
  }
  const param = missing(['client_id', 'redirect_uri']);
  if (param) return { flow: 'missing', param };
  const scopes = splitScopes(get('scope') ?? '');
  return {
    flow: 'authorize',
    params: {
      client_id: get('client_id') ?? '',
      redirect_uri: get('redirect_uri') ?? '',
      response_type: get('response_type') ?? 'code',
      scopes: scopes.length > 0 ? scopes : DEFAULT_SCOPES,
      // The provider checks the last two itself: it refuses any PKCE method but S256, and a
      // session older than max_age gets login_required at the redirect URI.
      ...optional([
        'response_mode',
        'prompt',
        'state',
        'nonce',
        'code_challenge',
        'code_challenge_method',
        'max_age',
      ]),
    },
  };
}
