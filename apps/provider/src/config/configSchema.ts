import { OAUTH_PROVIDERS } from '@latch/api';
import {
  array,
  boolean,
  defaulted,
  expected,
  integer,
  isPlainObject,
  object,
  oneOf,
  optional,
  refine,
  string,
  type Infer,
  type Schema,
} from '../validate';
import { originProblem, passkeyDomainProblem, redirectUrlProblem } from './origins';

/** The provider's OAuth provider types: the one list shared with the widget's config. */
export const OAUTH_PROVIDER_TYPES = OAUTH_PROVIDERS;

export const CONNECTED_APP_TYPES = [
  'first_party',
  'first_party_public',
  'third_party',
  'third_party_public',
] as const;

const origin = refine(string({ min: 1, max: 2048 }), originProblem);
const redirectUrl = refine(string({ min: 1, max: 2048 }), redirectUrlProblem);
const strict = { strict: true };

export type PasswordPolicy =
  { type: 'zxcvbn' } | { type: 'luds'; luds_complexity: number; luds_minimum_count: number };

const zxcvbnPolicy = object({ type: oneOf(['zxcvbn']) }, strict);
const ludsPolicy = object(
  { type: oneOf(['luds']), luds_complexity: integer(1, 4), luds_minimum_count: integer(1, 256) },
  strict,
);

/** `{"type":"zxcvbn"}` or `{"type":"luds","luds_complexity":n,"luds_minimum_count":n}`. */
const passwordPolicy: Schema<PasswordPolicy> = {
  parse(v, p) {
    if (isPlainObject(v) && v['type'] === 'luds') return ludsPolicy.parse(v, p);
    if (isPlainObject(v) && v['type'] === 'zxcvbn') return zxcvbnPolicy.parse(v, p);
    return expected(p, '{"type":"zxcvbn"} or {"type":"luds","luds_complexity":n,"luds_minimum_count":n}', v);
  },
};

const oauthProvider = object(
  {
    type: oneOf(OAUTH_PROVIDER_TYPES),
    /** Use the provider's built-in dev identity provider instead of the real one (offline tests). */
    dev_idp: defaulted(boolean(), () => false),
    client_id: optional(string({ min: 1 })),
    client_secret: optional(string({ min: 1 })),
    one_tap: defaulted(boolean(), () => false),
  },
  strict,
);

const connectedApp = object(
  {
    client_id: string({ min: 1, max: 256 }),
    client_name: string({ min: 1, max: 256 }),
    client_type: oneOf(CONNECTED_APP_TYPES),
    client_description: defaulted(string({ max: 1024 }), () => ''),
    client_logo_url: optional(redirectUrl),
    client_secret: optional(string({ min: 16 })),
    redirect_urls: array(redirectUrl, { min: 1 }),
    post_logout_redirect_urls: defaulted(array(redirectUrl), () => []),
  },
  strict,
);

const smtp = object(
  {
    host: string({ min: 1 }),
    port: integer(1, 65535),
    secure: defaulted(boolean(), () => false),
    user: optional(string({ min: 1 })),
    password: optional(string({ min: 1 })),
    from: string({ min: 3 }),
  },
  strict,
);

export const projectSchema = object(
  {
    project_id: string({ min: 1, max: 256 }),
    public_token: refine(string({ min: 1, max: 256 }), (t) =>
      /^public-token-(test|live)-[A-Za-z0-9-]+$/.test(t)
        ? null
        : `${JSON.stringify(t)} must look like "public-token-test-<id>" or "public-token-live-<id>"`,
    ),
    secret: string({ min: 8, max: 512 }),
    name: string({ min: 1, max: 256 }),
    test: boolean(),
    authorized_origins: array(origin, { min: 1 }),
    redirect_urls: defaulted(array(redirectUrl), () => []),
    display_watermark: defaulted(boolean(), () => true),
    password_policy: defaulted(passwordPolicy, (): PasswordPolicy => ({ type: 'zxcvbn' })),
    rbac_scopes: defaulted(
      array(object({ scope: string({ min: 1, max: 256 }), description: string({ max: 1024 }) }, strict)),
      () => [],
    ),
    oauth_providers: defaulted(array(oauthProvider), () => []),
    connected_apps: defaulted(array(connectedApp), () => []),
    smtp: optional(smtp),
    passkey_domain: optional(refine(string({ min: 1, max: 253 }), passkeyDomainProblem)),
  },
  strict,
);

export const configSchema = object({ projects: array(projectSchema, { min: 1, max: 1000 }) }, strict);

export type ProjectConfig = Infer<typeof projectSchema>;
export type LatchConfig = Infer<typeof configSchema>;
export type OAuthProviderConfig = ProjectConfig['oauth_providers'][number];
export type ConnectedAppConfig = ProjectConfig['connected_apps'][number];
