import type { ConnectedAppConfig, ProjectConfig } from '../config/configSchema';
import { constantTimeEqual } from '../crypto/hash';
import { OAuthError } from '../errors/OAuthError';
import type { OAuthParams } from './oauthParams';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export const TOKEN_ENDPOINT_AUTH_METHODS: readonly ClientAuthMethod[] = [
  'client_secret_basic',
  'client_secret_post',
  'none',
];

export interface AuthenticatedClient {
  project: ProjectConfig;
  app: ConnectedAppConfig;
  method: ClientAuthMethod;
}

/** A client with a secret is confidential; one without is public and proves itself with PKCE. */
export const isConfidential = (app: ConnectedAppConfig): boolean => app.client_secret !== undefined;

const BASIC_CHALLENGE = 'Basic realm="oauth2", charset="UTF-8"';

interface Presented {
  clientId: string;
  secret: string | undefined;
  method: ClientAuthMethod;
}

/**
 * RFC 6749 section 2.3.1: Basic credentials are each form-urlencoded before Base64, so `-` in a
 * client id arrives as `%2D` from strict clients and `+` means a space. Null when malformed.
 */
function decodeBasic(header: string): { clientId: string; secret: string } | null {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const formDecode = (part: string): string | null => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return null;
    }
  };
  const clientId = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  return clientId && secret !== null ? { clientId, secret } : null;
}

/** Which client the request claims to be, and how it authenticates (one way only, section 2.3). */
function presented(authorization: string | undefined, params: OAuthParams): Presented {
  const bodyId = params.get('client_id');
  const bodySecret = params.get('client_secret');
  if (authorization !== undefined && /^Basic /i.test(authorization)) {
    const basic = decodeBasic(authorization);
    if (!basic) {
      throw new OAuthError('invalid_client', 'The Basic credentials cannot be read.', {
        challenge: BASIC_CHALLENGE,
      });
    }
    if (bodySecret !== undefined) {
      throw new OAuthError(
        'invalid_request',
        'Use one client authentication method, not Basic and client_secret.',
      );
    }
    if (bodyId !== undefined && bodyId !== basic.clientId) {
      throw new OAuthError('invalid_request', 'client_id differs from the client of the Basic credentials.');
    }
    return { clientId: basic.clientId, secret: basic.secret, method: 'client_secret_basic' };
  }
  if (bodyId === undefined) {
    throw new OAuthError('invalid_client', 'The request names no client (client_id or Basic credentials).');
  }
  return bodySecret === undefined
    ? { clientId: bodyId, secret: undefined, method: 'none' }
    : { clientId: bodyId, secret: bodySecret, method: 'client_secret_post' };
}

/**
 * Authenticates the client of a token, revocation or introspection request against the connected
 * apps of `projects` (the issuer's project, or every project for the issuer-less legacy path).
 * A confidential client must present its secret (compared in constant time); a public one must
 * present none. Every failure is `invalid_client`, with a Basic challenge when Basic was tried.
 */
export function authenticateClient(
  projects: readonly ProjectConfig[],
  authorization: string | undefined,
  params: OAuthParams,
): AuthenticatedClient {
  const claim = presented(authorization, params);
  const challenge = claim.method === 'client_secret_basic' ? { challenge: BASIC_CHALLENGE } : {};
  const fail = (): never => {
    throw new OAuthError('invalid_client', 'The client is unknown or its credentials are wrong.', challenge);
  };
  for (const project of projects) {
    const app = project.connected_apps.find((a) => a.client_id === claim.clientId);
    if (!app) continue;
    if (app.client_secret === undefined) {
      if (claim.method !== 'none') fail();
    } else if (claim.secret === undefined || !constantTimeEqual(claim.secret, app.client_secret)) {
      fail();
    }
    return { project, app, method: claim.method };
  }
  return fail();
}
