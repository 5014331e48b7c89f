import { isErrorEnvelope, type SuccessEnvelope } from './envelope';
import { ApiError, NetworkError } from './errors';
import type { SdkEndpoints, SdkOperation, SdkPathEndpoints } from './endpoints';

export interface ApiClientOptions {
  /** Origin of the provider, e.g. `http://localhost:4000`; callers pass the auth origin unless told otherwise. */
  baseUrl: string;
  publicToken: string;
  /** The current session token, if any; it becomes the password half of the Basic auth header. */
  getSessionToken?: () => string | null;
  /** The embedding page's origin, sent as `X-SDK-Parent-Host`. */
  parentHost?: string;
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<K extends SdkOperation>(
    operation: K,
    body: SdkEndpoints[K]['body'],
    init?: { signal?: AbortSignal },
  ): Promise<SdkEndpoints[K]['response']>;
  callPath<K extends keyof SdkPathEndpoints>(
    operation: K,
    params: Record<string, string>,
    body: SdkPathEndpoints[K]['body'],
    init?: { signal?: AbortSignal },
  ): Promise<SdkPathEndpoints[K]['response']>;
  /** A page the browser navigates to (OAuth start, `/v1/public/oauth/{provider}/start`), with the public token in its query. */
  pageUrl(path: `/v1/public/${string}`, query: Record<string, string>): string;
}

function basicAuth(user: string, password: string): string {
  return `Basic ${btoa(`${user}:${password}`)}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const headers: Record<string, string> = {
      Authorization: basicAuth(options.publicToken, options.getSessionToken?.() ?? options.publicToken),
    };
    if (options.parentHost) headers['X-SDK-Parent-Host'] = options.parentHost;
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (signal) init.signal = signal;
    if (method === 'POST' || method === 'PUT') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/sdk/v1${path}`, init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new NetworkError('The authentication service could not be reached.', { cause });
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (cause) {
      throw new NetworkError(`The authentication service answered ${response.status} without JSON.`, {
        cause,
      });
    }
    if (!response.ok) {
      if (isErrorEnvelope(payload)) throw new ApiError(payload);
      throw new NetworkError(`The authentication service answered ${response.status}.`);
    }
    if (typeof payload !== 'object' || payload === null || !('data' in payload)) {
      throw new NetworkError('The authentication service answered without a data envelope.');
    }
    return (payload as SuccessEnvelope<unknown>).data;
  }

  function split(operation: string): [string, string] {
    const space = operation.indexOf(' ');
    return [operation.slice(0, space), operation.slice(space + 1)];
  }

  return {
    async call(operation, body, init) {
      const [method, path] = split(operation);
      return (await send(method, path, body, init?.signal)) as never;
    },
    async callPath(operation, params, body, init) {
      const [method, template] = split(operation);
      const path = template.replace(/\{(\w+)\}/g, (_, key: string) => {
        const value = params[key];
        if (value === undefined) throw new TypeError(`Missing path parameter ${key}`);
        return encodeURIComponent(value);
      });
      return (await send(method, path, body, init?.signal)) as never;
    },
    pageUrl(path, query) {
      const url = new URL(`${options.baseUrl}${path}`);
      url.searchParams.set('public_token', options.publicToken);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.href;
    },
  };
}
