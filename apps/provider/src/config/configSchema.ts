import { expected, flag, integer, isPlainObject, list, OAUTH_PROVIDERS, oneOf } from '@latch/api';
import * as v from 'valibot';
import { endpointUrl, envName, secretInFile, strictPlainObject, text, withoutProblem } from './fieldSchemas';
import { originProblem, passkeyDomainProblem, redirectUrlProblem } from './origins';
import { deliverySchema } from './deliverySchema';
import { eventStorageSchema } from './eventStorageSchema';
import {
  allowedPhoneCountriesSchema,
  smsGatewaySchema,
  webhooksSchema,
  whatsAppGatewaySchema,
} from './messagingSchema';
import { rateLimitsSchema } from './rateLimitsSchema';
import { trustedAuthTokenProfileSchema } from './trustedAuthTokenProfileSchema';
import { uniqueBy } from './uniqueBy';

/** The provider's OAuth provider types: the one list shared with the widget's config. */
export const OAUTH_PROVIDER_TYPES = OAUTH_PROVIDERS;

export const CONNECTED_APP_TYPES = [
  'first_party',
  'first_party_public',
  'third_party',
  'third_party_public',
] as const;

const origin = v.pipe(text({ min: 1, max: 2048 }), withoutProblem(originProblem));
const redirectUrl = v.pipe(text({ min: 1, max: 2048 }), withoutProblem(redirectUrlProblem));

const zxcvbnPolicy = strictPlainObject({ type: oneOf(['zxcvbn']) });
const ludsPolicy = strictPlainObject({
  type: oneOf(['luds']),
  luds_complexity: integer(1, 4),
  luds_minimum_count: integer(1, 256),
});
const notAPolicy = v.custom<never>(
  () => false,
  expected('{"type":"zxcvbn"} or {"type":"luds","luds_complexity":n,"luds_minimum_count":n}'),
);

/** Picked by `type`, so a policy of no known type is one error about the whole policy. */
const passwordPolicy = v.lazy((input) => {
  const type = isPlainObject(input) ? input['type'] : undefined;
  return type === 'luds' ? ludsPolicy : type === 'zxcvbn' ? zxcvbnPolicy : notAPolicy;
});

const oauthEndpoints = strictPlainObject({
  /** OpenID Connect providers: the issuer whose discovery document and keys are used. */
  issuer: v.optional(endpointUrl),
  authorization_endpoint: v.optional(endpointUrl),
  token_endpoint: v.optional(endpointUrl),
  /** The user-info API (plain OAuth 2 providers) or the OpenID Connect UserInfo endpoint. */
  userinfo_endpoint: v.optional(endpointUrl),
  /** GitHub and Bitbucket: the list of the account's addresses and whether each is verified. */
  emails_endpoint: v.optional(endpointUrl),
});

const oauthProvider = v.pipe(
  strictPlainObject({
    type: oneOf(OAUTH_PROVIDER_TYPES),
    /** Use the provider's built-in dev identity provider instead of the real one (offline tests). */
    dev_idp: v.optional(flag(), false),
    client_id: v.optional(text({ min: 1, max: 1024 })),
    /** The name of the environment variable holding the client secret. */
    client_secret_env: v.optional(envName),
    /** Refused with a message that says where the secret goes instead. */
    client_secret: secretInFile('client_secret_env'),
    /** Apple: the client secret is a JWT the provider signs with this key. */
    team_id: v.optional(text({ min: 1, max: 64 })),
    key_id: v.optional(text({ min: 1, max: 64 })),
    private_key_env: v.optional(envName),
    /** Microsoft: the Entra tenant (default "common": work, school and personal accounts). */
    tenant: v.optional(
      v.pipe(text({ min: 1, max: 128 }), v.regex(/^[A-Za-z0-9.-]+$/, 'is not a tenant id or domain')),
    ),
    endpoints: v.optional(oauthEndpoints),
    one_tap: v.optional(flag(), false),
    /**
     * Dev identity provider only: the origins its Google client accepts One Tap from (Google's
     * "Authorized JavaScript origins"); default the auth origin, where the widget's frame runs.
     */
    dev_idp_origins: v.optional(list(origin)),
  }),
  v.check(
    (provider) =>
      provider.dev_idp ||
      (!!provider.client_id &&
        (provider.type === 'apple'
          ? !!provider.team_id && !!provider.key_id && !!provider.private_key_env
          : !!provider.client_secret_env)),
    (issue) =>
      (issue.input as { type?: unknown }).type === 'apple'
        ? 'needs client_id, team_id, key_id and private_key_env, or "dev_idp": true'
        : 'needs client_id and client_secret_env, or "dev_idp": true',
  ),
);

const connectedApp = strictPlainObject({
  client_id: text({ min: 1, max: 256 }),
  client_name: text({ min: 1, max: 256 }),
  client_type: oneOf(CONNECTED_APP_TYPES),
  client_description: v.optional(text({ max: 1024 }), ''),
  client_logo_url: v.optional(redirectUrl),
  client_secret: v.optional(text({ min: 16 })),
  redirect_urls: list(redirectUrl, { min: 1 }),
  post_logout_redirect_urls: v.optional(list(redirectUrl), () => []),
});

const smtp = strictPlainObject({
  host: text({ min: 1 }),
  port: integer(1, 65535),
  secure: v.optional(flag(), false),
  user: v.optional(text({ min: 1 })),
  /** The name of the environment variable holding the SMTP password. */
  password_env: v.optional(envName),
  /** Refused with a message that says where the password goes instead. */
  password: v.optional(
    v.custom<never>(
      () => false,
      'is not accepted in the config file: put the password in an environment variable and name it in "password_env"',
    ),
  ),
  from: text({ min: 3 }),
  /** Connections each provider process keeps open to the server (default 10: delivery/gateways/smtpGateway.ts). */
  max_connections: v.optional(integer(1, 50)),
});

/** The project's look and words in the emails it sends (delivery/templates.ts). */
const emailTemplate = strictPlainObject({
  logo_url: v.optional(redirectUrl),
  /** The button and link colour, `#rrggbb`. */
  primary_color: v.optional(
    v.pipe(text({ min: 1, max: 16 }), v.regex(/^#[0-9a-fA-F]{6}$/, 'is not a colour like "#1a73e8"')),
  ),
  /** A line under every email, e.g. the company's name and address. */
  footer: v.optional(text({ min: 1, max: 500 })),
  /** Replaces the "If you did not ask for it, ignore this email." line. */
  ignore_notice: v.optional(text({ min: 1, max: 500 })),
});

const publicTokenProblem = (token: string): string | null =>
  /^public-token-(test|live)-[A-Za-z0-9-]+$/.test(token)
    ? null
    : `${JSON.stringify(token)} must look like "public-token-test-<id>" or "public-token-live-<id>"`;

// Clients pick the test or live API host from the token itself (the transport rules).
const isTestToken = (token: string): boolean => token.startsWith('public-token-test-');

export const projectSchema = v.pipe(
  strictPlainObject({
    project_id: text({ min: 1, max: 256 }),
    public_token: v.pipe(text({ min: 1, max: 256 }), withoutProblem(publicTokenProblem)),
    secret: text({ min: 8, max: 512 }),
    name: text({ min: 1, max: 256 }),
    test: flag(),
    authorized_origins: list(origin, { min: 1 }),
    redirect_urls: v.optional(list(redirectUrl), () => []),
    display_watermark: v.optional(flag(), true),
    /** A password reset ends every other session of the user (OWASP ASVS 2.1 / 3.3). */
    end_sessions_on_password_reset: v.optional(flag(), true),
    password_policy: v.optional(passwordPolicy, () => ({ type: 'zxcvbn' as const })),
    rbac_scopes: v.optional(
      list(strictPlainObject({ scope: text({ min: 1, max: 256 }), description: text({ max: 1024 }) })),
      () => [],
    ),
    oauth_providers: v.optional(list(oauthProvider), () => []),
    connected_apps: v.optional(
      uniqueBy(list(connectedApp), ['client_id'], () => 'is used twice'),
      () => [],
    ),
    /**
     * The host page that mounts the identity-provider screen: the OpenID Connect authorization
     * endpoint checks a relying party's request and sends the visitor there with it.
     */
    idp_authorization_url: v.optional(redirectUrl),
    /** External issuers whose JWTs `POST /sdk/v1/sessions/attest` exchanges for sessions. */
    trusted_auth_token_profiles: v.optional(
      uniqueBy(list(trustedAuthTokenProfileSchema, { max: 100 }), ['profile_id'], () => 'is used twice'),
      () => [],
    ),
    smtp: v.optional(smtp),
    email_template: v.optional(emailTemplate),
    /** Where SMS passcodes go out; without it they reach only the outbox (the dev inbox). */
    sms: v.optional(smsGatewaySchema),
    whatsapp: v.optional(whatsAppGatewaySchema),
    allowed_phone_countries: allowedPhoneCountriesSchema,
    /** The integrator's endpoints for signed event webhooks. */
    webhooks: webhooksSchema,
    passkey_domain: v.optional(v.pipe(text({ min: 1, max: 253 }), withoutProblem(passkeyDomainProblem))),
  }),
  v.forward(
    v.check(
      (project) => project.test === isTestToken(project.public_token),
      ({ input: project }) =>
        `is ${project.test} but the public token is a ${isTestToken(project.public_token) ? 'test' : 'live'} token`,
    ),
    ['test'],
  ),
  // The page embeds the widget, so the frame only loads on one of the project's own origins.
  v.forward(
    v.check(
      (project) =>
        project.idp_authorization_url === undefined ||
        project.authorized_origins.includes(new URL(project.idp_authorization_url).origin),
      'is not on one of the authorized_origins',
    ),
    ['idp_authorization_url'],
  ),
);

export const configSchema = strictPlainObject({
  projects: uniqueBy(
    list(projectSchema, { min: 1, max: 1000 }),
    ['project_id', 'public_token'],
    (value, first) => `${JSON.stringify(value)} is also used by projects[${first}]`,
  ),
  /**
   * Serve /dev/* (the inbox of test projects' messages, the project list) and the dev identity
   * provider. A development feature: the config `npm start` generates turns it on; off otherwise.
   */
  dev_routes: v.optional(flag(), false),
  rate_limits: rateLimitsSchema,
  /** The event log's cap and retention (`eventStorageSchema`). */
  events: eventStorageSchema,
  /** How the outbox worker sends and retries messages (`deliverySchema`). */
  delivery: deliverySchema,
});

export type PasswordPolicy = v.InferOutput<typeof passwordPolicy>;
export type ProjectConfig = v.InferOutput<typeof projectSchema>;
export type LatchConfig = v.InferOutput<typeof configSchema>;
export type OAuthProviderConfig = ProjectConfig['oauth_providers'][number];
export type ConnectedAppConfig = ProjectConfig['connected_apps'][number];
