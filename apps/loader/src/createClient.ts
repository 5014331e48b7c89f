import { isPlainObject, type AuthenticateResponse } from '@latch/api';
import { matching, object, optional, readValue, type MountKind } from '@latch/protocol';
import type { HostSession } from '@latch/session';
import { registerClient } from './declaredElements';
import { getLazySession, type LoaderSession, type SessionModule } from './lazySession';
import { mountFrame, type ConnectFrame } from './mountFrame';
import { httpUrl } from './navigation';
import type {
  ClientOptions,
  IdentityProviderMountOptions,
  LoginMountOptions,
  MountHandle,
  PasskeyRegistrationMountOptions,
  ResetPasswordMountOptions,
} from './types';

export interface LatchClient {
  mountLogin(options: LoginMountOptions): MountHandle;
  mountResetPassword(options: ResetPasswordMountOptions): MountHandle;
  mountPasskeyRegistration(options: PasskeyRegistrationMountOptions): MountHandle;
  mountIdentityProvider(options: IdentityProviderMountOptions): MountHandle;
  readonly session: HostSession;
  /** Redeems `?token=&stytch_token_type=magic_links|oauth` on a redirect page; null when absent. */
  authenticateByUrl(options: { session_duration_minutes: number }): Promise<AuthenticateResponse | null>;
}

/** Test seams and the entry point's default origin. */
export interface ClientEnv {
  scriptOrigin: string;
  connect: ConnectFrame;
  /** Fetches the session module (dist/loader-session.js) for the client's auth origin. */
  loadSession(authOrigin: string): Promise<SessionModule>;
  session?: LoaderSession;
  fetch?: typeof fetch;
  navigateTo?: (url: string) => void;
}

/** An option that must be an http(s) URL without credentials. */
const url = optional(
  matching<string>((x) => typeof x === 'string' && httpUrl(x) !== null, 'expected an http(s) URL'),
);
/**
 * Checked like mount options, so a misspelt option fails loudly instead of being ignored. Inside
 * `cookieOptions` only the shape is checked (every byte here lands on every host page); its
 * TypeScript type names the keys.
 */
const clientOptionsSchema = object({
  authOrigin: url,
  apiBaseUrl: url,
  cookieOptions: optional(matching<object>(isPlainObject, 'expected an object')),
});

export function createLatchClient(publicToken: string, options: ClientOptions, env: ClientEnv): LatchClient {
  if (typeof publicToken !== 'string' || !publicToken)
    throw new TypeError('Latch: createClient needs a public token.');
  const checked = readValue(clientOptionsSchema, options);
  if (!checked.ok) throw new TypeError(`Latch: invalid createClient option ${checked.error}`);
  // The script's own origin needs no check: the page loaded the script from it.
  const authOrigin = new URL(options.authOrigin ?? env.scriptOrigin).origin;
  const apiBaseUrl =
    options.apiBaseUrl === undefined ? authOrigin : new URL(options.apiBaseUrl).href.replace(/\/+$/, '');
  const session =
    env.session ??
    getLazySession(
      {
        publicToken,
        apiBaseUrl,
        // An explicit API endpoint may keep sessions in cookies JS cannot read.
        customEndpoint: apiBaseUrl !== authOrigin,
        ...(options.cookieOptions ? { cookieOptions: options.cookieOptions } : {}),
      },
      () => env.loadSession(authOrigin),
    );
  const mountEnv = { ...env, publicToken, authOrigin, apiBaseUrl, session };
  const mount = (kind: MountKind) => (mountOptions: unknown) => mountFrame(kind, mountOptions, mountEnv);
  const { getSync, getInfo, getTokens, onChange, authenticate, revoke } = session;

  const client: LatchClient = {
    mountLogin: mount('login'),
    mountResetPassword: mount('reset-password'),
    mountPasskeyRegistration: mount('passkey-registration'),
    mountIdentityProvider: mount('identity-provider'),
    session: { getSync, getInfo, getTokens, onChange, authenticate, revoke },
    authenticateByUrl: session.authenticateByUrl,
  };
  registerClient(client, (kind, mountOptions, element) => mountFrame(kind, mountOptions, mountEnv, element));
  return client;
}
