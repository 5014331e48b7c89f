import type { SessionTokens } from '@latch/api';
import type { InferOutput } from 'valibot';
import { loginConfigSchema, type LoginConfig } from './config';
import type { FrameInitialState } from './frameInitialState';
import { MOUNT_KINDS, PROTOCOL_VERSION, type MountKind } from './mountKinds';
import { readValue } from './readValue';
import { boolean, nullable, number, object, oneOf, optional, record, string, type Schema } from './schemas';
import { stylesInputSchema, type StylesInput } from './styles';

export const authTokenParamsSchema = object({
  trustedAuthToken: string(4096),
  tokenProfileID: string(256),
});

export const sessionTokensSchema: Schema<SessionTokens> = object({
  session_token: string(512),
  session_jwt: string(8192),
});

/** What the host sends to the frame on `ready()` and `update()`. */
export const mountStateSchema = object({
  protocolVersion: number(1, 1000),
  kind: oneOf(MOUNT_KINDS),
  config: loginConfigSchema,
  styles: stylesInputSchema,
  strings: record(string(2000), 2000),
  /** The host's session tokens, so signed-in screens (passkey registration, consent) can call the API. */
  session: nullable(sessionTokensSchema),
  /** The host page's query string (`?token=...`), for the reset and identity-provider screens. */
  hostSearch: string(8192),
  passwordResetToken: optional(string(512)),
  authTokenParams: optional(authTokenParamsSchema),
  /** The host supplied `getIDPConsentManifest`; the frame may ask for it over the channel. */
  hasConsentManifest: boolean(),
  /** The host wants focus moved into the frame's first field once it renders. */
  autoFocus: boolean(),
});

export type MountState = InferOutput<typeof mountStateSchema>;

/** Non-secret options that travel in the iframe URL so the provider can inline bootstrap data. */
export interface FrameUrlParams {
  authOrigin: string;
  kind: MountKind;
  publicToken: string;
  config: LoginConfig;
  styles: StylesInput;
}

export function frameUrl({ authOrigin, kind, publicToken, config, styles }: FrameUrlParams): string {
  const query = new URLSearchParams({
    public_token: publicToken,
    v: String(PROTOCOL_VERSION),
    config: JSON.stringify(config),
    styles: JSON.stringify(styles),
  });
  return `${authOrigin}/frame/${kind}?${query.toString()}`;
}

/**
 * The one parser of the frame URL's options (the provider's, and the frame's when its document has no
 * embedded state); anything malformed falls back to the empty defaults and is named in `errors`.
 */
export function parseFrameSearch(search: string): FrameInitialState & { errors: string[] } {
  const query = new URLSearchParams(search);
  const errors: string[] = [];
  const read = <T>(key: string, schema: Schema<T>, fallback: T): T => {
    const raw = query.get(key);
    if (raw === null) return fallback;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      errors.push(`${key}: not JSON`);
      return fallback;
    }
    const r = readValue(schema, parsed, key);
    if (r.ok) return r.value;
    errors.push(r.error);
    return fallback;
  };
  return {
    config: read('config', loginConfigSchema, { products: [] }),
    styles: read('styles', stylesInputSchema, {}),
    errors,
  };
}
