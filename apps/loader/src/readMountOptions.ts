import { isPlainObject } from '@latch/api';
import {
  authTokenParamsSchema,
  boolean,
  callback,
  loginConfigSchema,
  object,
  optional,
  readValue,
  record,
  string,
  stylesInputSchema,
  type LoginConfig,
  type MountKind,
  type StylesInput,
} from '@latch/protocol';
import type { Callbacks, IdentityProviderMountOptions } from './types';

/** Mount options after validation; what a mounted frame works from. */
export interface MountSpec {
  selector: string;
  config: LoginConfig;
  styles: StylesInput;
  strings: Record<string, string>;
  /** As the host passed them: a callback it left out may also be there as `undefined`. */
  callbacks: { [K in keyof Callbacks]?: Callbacks[K] | undefined };
  autoFocus: boolean;
  passwordResetToken?: string | undefined;
  authTokenParams?: { trustedAuthToken: string; tokenProfileID: string } | undefined;
  getIDPConsentManifest?: IdentityProviderMountOptions['getIDPConsentManifest'] | undefined;
}

const fn = <F>() => optional(callback<F>());

const schema = object({
  elementId: string(1000),
  config: optional(loginConfigSchema),
  styles: optional(stylesInputSchema),
  strings: optional(record(string(2000), 2000)),
  callbacks: optional(
    object({
      onEvent: fn<NonNullable<Callbacks['onEvent']>>(),
      onError: fn<NonNullable<Callbacks['onError']>>(),
      onEscape: fn<NonNullable<Callbacks['onEscape']>>(),
    }),
  ),
  autoFocus: optional(boolean()),
  passwordResetToken: optional(string(512)),
  getIDPConsentManifest: fn<NonNullable<MountSpec['getIDPConsentManifest']>>(),
  authTokenParams: optional(authTokenParamsSchema),
});

/** Options that only one kind takes. */
const ONLY: Record<string, MountKind> = {
  passwordResetToken: 'reset-password',
  getIDPConsentManifest: 'identity-provider',
  authTokenParams: 'identity-provider',
};

const invalid = (error: string) => new TypeError(`Latch: invalid mount option ${error}`);

/** Validates what a host passed to `mount*`; throws a TypeError naming the bad option path. */
export function readMountOptions(kind: MountKind, options: unknown): MountSpec {
  if (!isPlainObject(options)) throw new TypeError('Latch: mount options must be an object.');
  for (const key of Object.keys(ONLY)) {
    if (key in options && ONLY[key] !== kind) throw invalid(`${key}: unknown option`);
  }
  const r = readValue(schema, options);
  if (!r.ok) throw invalid(r.error);
  const {
    elementId,
    config,
    styles = {},
    strings = {},
    callbacks = {},
    autoFocus = false,
    ...rest
  } = r.value;
  if (!config && kind !== 'identity-provider') throw invalid('config: expected an object, got undefined');
  return {
    selector: elementId,
    config: config ?? { products: [] },
    styles,
    strings,
    callbacks,
    autoFocus,
    ...rest,
  };
}

/** `document.querySelector` with errors that name the selector. */
export function findTarget(selector: string, doc: Document = document): Element {
  let element: Element | null;
  try {
    element = doc.querySelector(selector);
  } catch (cause) {
    throw new Error(`Latch: the selector you specified (${selector}) is not a valid CSS selector.`, {
      cause,
    });
  }
  if (!element)
    throw new Error(`Latch: the selector you specified (${selector}) applies to no DOM elements.`);
  return element;
}
