import { useMemo, type ReactNode } from 'react';
import type { CookieOptions, LatchClient } from '@latch/loader';
import { cachedClient } from './clientCache';
import { LatchContext, type LatchContextValue } from './context';
import { createSessionStore } from './sessionStore';

interface ClientProps {
  /** Your project's public token (`public-token-test-...` or `public-token-live-...`). */
  publicToken: string;
  /**
   * The origin that serves the widget, e.g. `https://auth.example.com`. Set it whenever your
   * bundler serves this package (the usual case): the default is the origin the loader module was
   * loaded from.
   */
  authOrigin?: string;
  /** Where the provider's API lives; default: the auth origin. */
  apiBaseUrl?: string;
  /** Session cookie names, path and subdomain sharing. */
  cookieOptions?: CookieOptions;
  client?: never;
}

interface OwnClientProps {
  /** A client you created with `createClient` from `@latch/loader`, e.g. to share it with non-React code. */
  client: LatchClient;
  publicToken?: never;
  authOrigin?: never;
  apiBaseUrl?: never;
  cookieOptions?: never;
}

export type LatchProviderProps = (ClientProps | OwnClientProps) & { children?: ReactNode };

const inBrowser = () => typeof window === 'object' && typeof document === 'object';

/**
 * Makes a Latch client available to the widgets and hooks below it. On the server it renders its
 * children with no client: widgets render their empty container and mount once in the browser.
 */
export function LatchProvider(props: LatchProviderProps) {
  const { client: own, publicToken, authOrigin, apiBaseUrl, cookieOptions, children } = props;
  // By value, so an inline `cookieOptions={{...}}` does not make a new client on every render.
  const cookieKey = cookieOptions ? JSON.stringify(cookieOptions) : '';
  const value = useMemo((): LatchContextValue => {
    let client: LatchClient | null = own ?? null;
    if (!client && publicToken !== undefined && inBrowser()) {
      const cookies: CookieOptions | undefined = cookieKey ? JSON.parse(cookieKey) : undefined;
      client = cachedClient(publicToken, {
        ...(authOrigin === undefined ? {} : { authOrigin }),
        ...(apiBaseUrl === undefined ? {} : { apiBaseUrl }),
        ...(cookies === undefined ? {} : { cookieOptions: cookies }),
      });
    }
    return { client, store: client ? createSessionStore(client) : null };
  }, [own, publicToken, authOrigin, apiBaseUrl, cookieKey]);
  return <LatchContext.Provider value={value}>{children}</LatchContext.Provider>;
}
