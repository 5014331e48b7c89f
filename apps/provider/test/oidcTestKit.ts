import { createHash, randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { LatchConfig } from '../src/config/configSchema';
import type { AppEnv } from '../src/http/deps';
import type { AuthKit } from './authTestKit';
import { PROJECT_ID } from './authTestKit';
import { AUTH_ORIGIN, HOST, testConfig, testProject } from './testConfig';

export const CALLBACK = 'https://notes.example/callback';
/** Every client's one registered post-logout redirect URI. */
export const LOGGED_OUT = 'https://notes.example/logged-out';
/** The host page mounting the identity-provider screen: the project's authorization page. */
export const AUTHORIZE_PAGE = `${HOST}/oauth/authorize`;
export const issuerOf = (authOrigin: string, projectId = PROJECT_ID): string =>
  `${authOrigin}/v1/public/${projectId}`;
export const ISSUER = issuerOf(AUTH_ORIGIN);

/** A public third-party client (PKCE, no secret). */
export const NOTES = 'connected-app-test-notes';
/** A confidential third-party client whose secret needs RFC 6749 section 2.3.1 encoding. */
export const SERVER = 'connected-app-test-server';
export const SERVER_SECRET = 'srv+secret/with:reserved%chars&=0123';
/** Another confidential client, for "another client's token". */
export const OTHER = 'connected-app-test-other';
export const OTHER_SECRET = 'other-app-secret-0123456789';
/** A first-party app: never asked for consent. */
export const ADMIN = 'connected-app-test-admin';
export const LIVE_CLIENT = 'connected-app-live-docs';

/** The test project as an identity provider with every kind of client; the live one has no authorization page. */
export function oidcConfig(): LatchConfig {
  const [, live] = testConfig().projects;
  const app = { client_description: '', redirect_urls: [CALLBACK], post_logout_redirect_urls: [LOGGED_OUT] };
  const project = testProject({
    rbac_scopes: [{ scope: 'read:notes', description: 'Read your notes' }],
    idp_authorization_url: AUTHORIZE_PAGE,
    connected_apps: [
      { ...app, client_id: NOTES, client_name: 'Notes', client_type: 'third_party_public' },
      {
        ...app,
        client_id: SERVER,
        client_name: 'Server',
        client_type: 'third_party',
        client_secret: SERVER_SECRET,
      },
      {
        ...app,
        client_id: OTHER,
        client_name: 'Other',
        client_type: 'third_party',
        client_secret: OTHER_SECRET,
      },
      { ...app, client_id: ADMIN, client_name: 'Admin', client_type: 'first_party' },
    ],
  });
  if (!live) throw new Error('the test config has a live project');
  const liveApp = {
    ...app,
    client_id: LIVE_CLIENT,
    client_name: 'Docs',
    client_type: 'first_party' as const,
  };
  return { ...testConfig(), projects: [project, { ...live, connected_apps: [liveApp] }] };
}

/** RFC 7636 S256: a verifier and its challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** RFC 6749 appendix B form encoding, as strict clients apply it to Basic credentials (`-` too). */
const formEncode = (value: string): string =>
  encodeURIComponent(value).replace(
    /[-_.!~*'()]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `Authorization: Basic` as RFC 6749 section 2.3.1 defines it: each part form-encoded first. */
export const oauthBasic = (clientId: string, secret: string): string =>
  `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(secret)}`).toString('base64')}`;

export interface OAuthAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A form POST to an issuer endpoint (`/oauth2/token`, `/oauth2/revoke`, ...). */
export async function postForm(
  app: Hono<AppEnv>,
  path: string,
  fields: Record<string, string | undefined>,
  authorization?: string,
): Promise<OAuthAnswer> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  const response = await app.request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: form.toString(),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}

export interface ScreenRequest {
  client_id: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  code_challenge?: string;
  prompt?: string;
  max_age?: string;
  response_type?: string;
  response_mode?: string;
  code_challenge_method?: string;
}

/** What the identity-provider screen sends for `request` (start, then submit with the grant). */
export async function throughScreen(
  kit: AuthKit,
  sessionToken: string,
  request: ScreenRequest,
  consentGranted = true,
): Promise<URL> {
  const params = { redirect_uri: CALLBACK, response_type: 'code', ...request };
  await kit.ok('/idp/oauth/authorize/start', params, sessionToken);
  const data = await kit.ok(
    '/idp/oauth/authorize/submit',
    { ...params, consent_granted: consentGranted },
    sessionToken,
  );
  return new URL(String(data['redirect_uri']));
}

/** A code for `request`, through the screen's calls; throws when the redirect carries none. */
export async function codeThroughScreen(kit: AuthKit, sessionToken: string, request: ScreenRequest) {
  const url = await throughScreen(kit, sessionToken, request);
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`no code: ${url.toString()}`);
  return code;
}
