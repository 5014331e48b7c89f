import { createClient, type ClientOptions, type LatchClient } from '@latch/loader';

const clients = new Map<string, LatchClient>();

/**
 * One client per set of options in a page, so React may call this during render as often as it
 * likes (StrictMode renders twice) and always get the same object. Clients with one public token
 * share their session anyway; the cache only keeps the reference stable.
 */
export function cachedClient(publicToken: string, options: ClientOptions): LatchClient {
  const key = JSON.stringify([publicToken, options.authOrigin, options.apiBaseUrl, options.cookieOptions]);
  let client = clients.get(key);
  if (!client) clients.set(key, (client = createClient(publicToken, options)));
  return client;
}
