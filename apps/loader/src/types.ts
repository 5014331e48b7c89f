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
  /** Origin serving the frames; default: the origin this script was loaded from. */
  authOrigin?: string;
  /** Provider API base URL; default: the auth origin. */
  apiBaseUrl?: string;
  cookieOptions?: CookieOptions;
}

export interface Callbacks {
  onEvent?: (event: WidgetEvent) => void;
  onError?: (error: WidgetError) => void;
  /** Escape was pressed inside the frame (key events never cross into the host). */
  onEscape?: () => void;
}

interface BaseMountOptions {
  /** A CSS selector for the container, e.g. `#login`. */
  elementId: string;
  styles?: StylesInput;
  callbacks?: Callbacks;
  /** Overrides of the widget's strings, by catalogue id (`'login.title'`, ...); unknown ids are reported. */
  strings?: StringOverrides;
  /** Move focus into the first field once the frame renders. */
  autoFocus?: boolean;
}

export interface LoginMountOptions extends BaseMountOptions {
  config: LoginConfig;
}

export interface ResetPasswordMountOptions extends LoginMountOptions {
  /** The reset token; default: `token` from the page URL. */
  passwordResetToken?: string;
}

export type PasskeyRegistrationMountOptions = LoginMountOptions;

export type { ConsentManifest, ConsentManifestItem } from '@latch/protocol';

export interface IdentityProviderMountOptions extends BaseMountOptions {
  config?: LoginConfig;
  /**
   * Your own wording of what the client asks for, shown instead of the built-in scope texts. It
   * may return a promise; if it throws or returns something malformed, the default screen shows.
   */
  getIDPConsentManifest?: (request: ConsentManifestRequest) => ConsentManifest | Promise<ConsentManifest>;
  authTokenParams?: { trustedAuthToken: string; tokenProfileID: string };
}

/** What `mount*` returns: call it to unmount; `focus()` moves focus into the frame. */
export interface MountHandle {
  (): void;
  unmount(): void;
  focus(): void;
  readonly element: HTMLElement;
}
