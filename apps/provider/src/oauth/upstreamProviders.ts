import type { OAuthProviderType } from '@latch/api';
import { names, obj, str, withoutEmail, type UpstreamProfile } from './upstreamProfile';

/**
 * Every upstream identity provider in one table: its real endpoints, default scopes and quirks.
 * A project's `endpoints` replace any of these (self-hosted GitLab, local stand-ins in tests).
 *
 * Two families:
 * - `oidc`: OpenID Connect. Endpoints and signing keys come from the issuer's discovery document;
 *   the ID token is verified (signature, iss, aud, exp, nonce) and its claims are the profile.
 * - `oauth2`: plain OAuth 2. The access token reads the provider's user API (and, for GitHub and
 *   Bitbucket, the list of addresses with their verification).
 */
interface Common {
  scopes: readonly string[];
  /** Sent PKCE (S256) in addition to `state`: only where the provider documents support for it. */
  pkce: boolean;
  /** How the client secret reaches the token endpoint. */
  auth: 'client_secret_post' | 'client_secret_basic';
  /** Fixed authorization parameters the provider needs. */
  authorizationParams?: Readonly<Record<string, string>>;
}

export interface OidcProvider extends Common {
  family: 'oidc';
  issuer: (options: { tenant?: string | undefined }) => string;
  /** Apple answers with a cross-site form POST when it is asked for the name or email. */
  responseMode?: 'form_post';
}

type Json = Record<string, unknown>;

export interface OAuth2Provider extends Common {
  family: 'oauth2';
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  emailsEndpoint?: string;
  /** Null when the answer names no account (then the sign-in fails with `oauth_flow_callback_error`). */
  profile: (user: Json, emails: unknown) => UpstreamProfile | null;
  /** TikTok calls the client id `client_key`. */
  clientIdParam?: string;
}

export type UpstreamProvider = OidcProvider | OAuth2Provider;

const OIDC_SCOPES = ['openid', 'email', 'profile'] as const;

const oidc = (issuer: string, extra: Partial<OidcProvider> = {}): OidcProvider => ({
  family: 'oidc',
  issuer: () => issuer,
  scopes: OIDC_SCOPES,
  pkce: false,
  auth: 'client_secret_post',
  ...extra,
});

/** A subject must be there; an answer without one is not an account. */
const ifSubject = (subject: string, profile: () => UpstreamProfile): UpstreamProfile | null =>
  subject ? profile() : null;

/** An address the provider returns without saying it is verified: kept, never linked on. */
const unverified = (subject: string, email: unknown, name: unknown, picture: unknown) =>
  ifSubject(subject, () => ({
    ...withoutEmail(subject, name, picture),
    email: str(email) || null,
  }));

/** GitHub `GET /user/emails`: the primary address and whether GitHub verified it. */
function githubProfile(user: Json, emails: unknown): UpstreamProfile | null {
  const list = Array.isArray(emails) ? emails.map(obj) : [];
  const primary = list.find((e) => e['primary'] === true);
  const email = str(primary?.['email']) || str(user['email']) || null;
  return ifSubject(str(user['id']), () => ({
    subject: str(user['id']),
    email,
    emailVerified: email !== null && primary !== undefined && primary['verified'] === true,
    ...names(undefined, undefined, user['name'] || user['login']),
    picture: str(user['avatar_url']),
    locale: '',
  }));
}

/** Bitbucket `GET /user/emails`: `values[]` with `is_primary` and `is_confirmed`. */
function bitbucketProfile(user: Json, emails: unknown): UpstreamProfile | null {
  const values = Array.isArray(obj(emails)['values']) ? (obj(emails)['values'] as unknown[]).map(obj) : [];
  const primary = values.find((e) => e['is_primary'] === true);
  const email = str(primary?.['email']) || null;
  return ifSubject(str(user['uuid']), () => ({
    subject: str(user['uuid']),
    email,
    emailVerified: email !== null && primary?.['is_confirmed'] === true,
    ...names(undefined, undefined, user['display_name']),
    picture: str(obj(obj(user['links'])['avatar'])['href']),
    locale: '',
  }));
}

function discordProfile(user: Json): UpstreamProfile | null {
  const id = str(user['id']);
  const avatar = str(user['avatar']);
  const email = str(user['email']) || null;
  return ifSubject(id, () => ({
    subject: id,
    email,
    emailVerified: email !== null && user['verified'] === true,
    ...names(undefined, undefined, user['global_name'] || user['username']),
    picture: avatar
      ? `https://cdn.discordapp.com/avatars/${encodeURIComponent(id)}/${encodeURIComponent(avatar)}.png`
      : '',
    locale: str(user['locale']),
  }));
}

const oauth2 = (p: Omit<OAuth2Provider, 'family' | 'auth' | 'pkce'> & Partial<Common>): OAuth2Provider => ({
  family: 'oauth2',
  auth: 'client_secret_post',
  pkce: false,
  ...p,
});

export const UPSTREAM_PROVIDERS: Readonly<Record<OAuthProviderType, UpstreamProvider>> = {
  google: oidc('https://accounts.google.com', { pkce: true }),
  microsoft: {
    ...oidc('', { pkce: true }),
    issuer: ({ tenant }) => `https://login.microsoftonline.com/${tenant ?? 'common'}/v2.0`,
  },
  // Apple's discovery document lists openid, email and name; the name comes once, beside the code.
  apple: oidc('https://appleid.apple.com', {
    scopes: ['openid', 'name', 'email'],
    responseMode: 'form_post',
  }),
  gitlab: oidc('https://gitlab.com', { pkce: true }),
  salesforce: oidc('https://login.salesforce.com', { pkce: true }),
  slack: oidc('https://slack.com'),
  linkedin: oidc('https://www.linkedin.com/oauth'),
  yahoo: oidc('https://api.login.yahoo.com'),
  twitch: oidc('https://id.twitch.tv/oauth2', {
    scopes: ['openid', 'user:read:email'],
    // Twitch puts the address in the ID token only when the claims are asked for.
    authorizationParams: {
      claims: JSON.stringify({
        id_token: { email: null, email_verified: null, picture: null, preferred_username: null },
      }),
    },
  }),
  github: oauth2({
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    emailsEndpoint: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
    profile: githubProfile,
  }),
  bitbucket: oauth2({
    authorizationEndpoint: 'https://bitbucket.org/site/oauth2/authorize',
    tokenEndpoint: 'https://bitbucket.org/site/oauth2/access_token',
    userinfoEndpoint: 'https://api.bitbucket.org/2.0/user',
    emailsEndpoint: 'https://api.bitbucket.org/2.0/user/emails',
    scopes: ['account', 'email'],
    auth: 'client_secret_basic',
    profile: bitbucketProfile,
  }),
  discord: oauth2({
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    pkce: true,
    profile: discordProfile,
  }),
  facebook: oauth2({
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,first_name,last_name,email,picture',
    scopes: ['email', 'public_profile'],
    profile: (u) =>
      ifSubject(str(u['id']), () => ({
        subject: str(u['id']),
        // Facebook does not say whether the address is verified: never linked on.
        email: str(u['email']) || null,
        emailVerified: false,
        ...names(u['first_name'], u['last_name'], u['name']),
        picture: str(obj(obj(u['picture'])['data'])['url']),
        locale: '',
      })),
  }),
  amazon: oauth2({
    authorizationEndpoint: 'https://www.amazon.com/ap/oa',
    tokenEndpoint: 'https://api.amazon.com/auth/o2/token',
    userinfoEndpoint: 'https://api.amazon.com/user/profile',
    scopes: ['profile'],
    pkce: true,
    profile: (u) => unverified(str(u['user_id']), u['email'], u['name'], ''),
  }),
  coinbase: oauth2({
    authorizationEndpoint: 'https://login.coinbase.com/oauth2/auth',
    tokenEndpoint: 'https://login.coinbase.com/oauth2/token',
    userinfoEndpoint: 'https://api.coinbase.com/v2/user',
    scopes: ['wallet:user:read', 'wallet:user:email'],
    profile: (u) => {
      const d = obj(u['data']);
      return unverified(str(d['id']), d['email'], d['name'], d['avatar_url']);
    },
  }),
  figma: oauth2({
    authorizationEndpoint: 'https://www.figma.com/oauth',
    tokenEndpoint: 'https://api.figma.com/v1/oauth/token',
    userinfoEndpoint: 'https://api.figma.com/v1/me',
    scopes: ['current_user:read'],
    auth: 'client_secret_basic',
    profile: (u) => unverified(str(u['id']), u['email'], u['handle'], u['img_url']),
  }),
  twitter: oauth2({
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read'],
    auth: 'client_secret_basic',
    pkce: true,
    profile: (u) => {
      const d = obj(u['data']);
      return ifSubject(str(d['id']), () => withoutEmail(str(d['id']), d['name'], d['profile_image_url']));
    },
  }),
  tiktok: oauth2({
    authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfoEndpoint: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name',
    scopes: ['user.info.basic'],
    pkce: true,
    clientIdParam: 'client_key',
    profile: (u) => {
      const d = obj(obj(u['data'])['user']);
      return ifSubject(str(d['open_id']), () =>
        withoutEmail(str(d['open_id']), d['display_name'], d['avatar_url']),
      );
    },
  }),
  snapchat: oauth2({
    authorizationEndpoint: 'https://accounts.snapchat.com/accounts/oauth2/auth',
    tokenEndpoint: 'https://accounts.snapchat.com/accounts/oauth2/token',
    userinfoEndpoint:
      'https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%20bitmoji%7Bavatar%7D%7D%7D',
    scopes: [
      'https://auth.snapchat.com/oauth2/api/user.external_id',
      'https://auth.snapchat.com/oauth2/api/user.display_name',
      'https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar',
    ],
    auth: 'client_secret_basic',
    pkce: true,
    profile: (u) => {
      const me = obj(obj(u['data'])['me']);
      return ifSubject(str(me['externalId']), () =>
        withoutEmail(str(me['externalId']), me['displayName'], obj(me['bitmoji'])['avatar']),
      );
    },
  }),
};
