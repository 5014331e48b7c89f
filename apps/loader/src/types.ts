import type {
  ConsentManifest,
  ConsentManifestRequest,
  LoginConfig,
  StringOverrides,
  StylesInput,
  WidgetError,
  WidgetEvent,
} from '@latch/protocol';
import type { CookieOptions } from '@latch/session';

export interface ClientOptions {
  /**
   * Origin serving the frames; default: the origin this script was loaded from. Set it whenever
   * a bundler serves the loader.
   * @example createClient(token, { authOrigin: 'https://auth.example.com' })
   */
  authOrigin?: string;
  /**
   * Provider API base URL; default: the auth origin.
   * @example createClient(token, { authOrigin: 'https://auth.example.com', apiBaseUrl: 'https://api.example.com' })
   */
  apiBaseUrl?: string;
  /**
   * Session cookie names, path and subdomain sharing.
   * @example createClient(token, { cookieOptions: { availableToSubdomains: true, domain: 'example.com' } })
   */
  cookieOptions?: CookieOptions;
}

export interface Callbacks {
  /**
   * A widget event; `event.data` is narrowed by `event.type`.
   * @example onEvent: (event) => { if (event.type === 'AUTHENTICATE_FLOW_COMPLETE') location.assign('/account') }
   */
  onEvent?: (event: WidgetEvent) => void;
  /**
   * An error shown to the visitor, a mount that cannot connect, or an option problem.
   * @example onError: (error) => console.warn(error.error_type, error.message)
   */
  onError?: (error: WidgetError) => void;
  /**
   * Escape was pressed inside the frame (key events never cross into the host).
   * @example onEscape: () => dialog.close()
   */
  onEscape?: () => void;
}

interface BaseMountOptions {
  /**
   * A CSS selector for the container; the widget is appended to it.
   * @example elementId: '#login'
   */
  elementId: string;
  /**
   * The theme, or a `[light, dark]` pair that follows the visitor's colour scheme.
   * @example styles: { colors: { primary: '#0b5fff' }, container: { width: '360px' } }
   */
  styles?: StylesInput;
  /**
   * Event, error and Escape handlers.
   * @example callbacks: { onEvent: (event) => console.log(event.type) }
   */
  callbacks?: Callbacks;
  /**
   * Overrides of the widget's strings, by catalogue id; unknown ids are reported.
   * @example strings: { 'login.title': 'Welcome to Orbit' }
   */
  strings?: StringOverrides;
  /**
   * Move focus into the first field once the frame renders; default false.
   * @example autoFocus: true
   */
  autoFocus?: boolean;
}

export interface LoginMountOptions extends BaseMountOptions {
  /**
   * The sign-in methods and their options.
   * @example config: { products: ['otp'], otpOptions: { methods: ['email'] } }
   */
  config: LoginConfig;
}

export interface ResetPasswordMountOptions extends LoginMountOptions {
  /**
   * The reset token; default: `token` from the page URL.
   * @example passwordResetToken: new URLSearchParams(location.search).get('token') ?? undefined
   */
  passwordResetToken?: string;
}

export type PasskeyRegistrationMountOptions = LoginMountOptions;

export type { ConsentManifest, ConsentManifestItem } from '@latch/protocol';

export interface IdentityProviderMountOptions extends BaseMountOptions {
  /**
   * The sign-in methods offered when the visitor is not signed in yet.
   * @example config: { products: ['emailMagicLinks'] }
   */
  config?: LoginConfig;
  /**
   * Your own wording of what the client asks for, shown instead of the built-in scope texts. It
   * may return a promise; if it throws or returns something malformed, the default screen shows.
   * @example getIDPConsentManifest: ({ clientName }) => [{ header: clientName, items: ['Read your notes'] }]
   */
  getIDPConsentManifest?: (request: ConsentManifestRequest) => ConsentManifest | Promise<ConsentManifest>;
  /**
   * Signs the visitor in with a token your own identity system issued (trusted auth token).
   * @example authTokenParams: { trustedAuthToken: jwtFromYourServer, tokenProfileID: 'profile-1' }
   */
  authTokenParams?: { trustedAuthToken: string; tokenProfileID: string };
}

/** What `mount*` returns: call it to unmount; `focus()` moves focus into the frame. */
export interface MountHandle {
  (): void;
  unmount(): void;
  focus(): void;
  readonly element: HTMLElement;
}
