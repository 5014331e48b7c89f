import type { APIRequestContext } from '@playwright/test';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { AUTH_ORIGIN, HOST_ORIGIN } from './env';
import type { SessionTokens } from './hostRecorder';
import { DEFAULT_PROJECT, type FixtureProject } from './project';

/** The claim that carries the session in a session JWT (the hosted API's name). */
export const SESSION_CLAIM = 'https://stytch.com/session';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * The provider as an app's backend and the SDK see it: `POST /v1/sessions/authenticate` with the
 * project secret, the JWKS, and SDK calls made with a visitor's session token.
 */
export class ProviderApi {
  constructor(
    private readonly request: APIRequestContext,
    readonly project: FixtureProject = DEFAULT_PROJECT,
  ) {}

  /** The server-to-server session check (Basic `project_id:secret`, no browser, no CORS). */
  authenticateSession(body: { session_token: string } | { session_jwt: string }): Promise<ApiAnswer> {
    return this.backend('/v1/sessions/authenticate', body);
  }

  /** Any backend API call with the project secret (Basic `project_id:secret`). */
  async backend(path: string, data: Record<string, unknown>): Promise<ApiAnswer> {
    const response = await this.request.post(`${AUTH_ORIGIN}${path}`, {
      headers: { Authorization: basic(this.project.project_id, this.project.secret) },
      data,
    });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  }

  /** Verifies a session JWT against the project's published JWKS: signature, issuer, audience, expiry. */
  async verifySessionJwt(jwt: string): Promise<JWTPayload> {
    const response = await this.request.get(`${AUTH_ORIGIN}/v1/sessions/jwks/${this.project.project_id}`);
    const jwks = createLocalJWKSet((await response.json()) as Parameters<typeof createLocalJWKSet>[0]);
    const { payload } = await jwtVerify(jwt, jwks, {
      issuer: AUTH_ORIGIN,
      audience: this.project.project_id,
      algorithms: ['RS256'],
    });
    return payload;
  }

  /**
   * An SDK call as the widget on the host makes it: host `Origin`, Basic `public_token:session_token`
   * (`public_token:public_token` without a session).
   */
  async sdk(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    { sessionToken, data }: { sessionToken?: string; data?: Record<string, unknown> } = {},
  ): Promise<ApiAnswer> {
    const response = await this.request.fetch(`${AUTH_ORIGIN}/sdk/v1${path}`, {
      method,
      headers: {
        Authorization: basic(this.project.public_token, sessionToken ?? this.project.public_token),
        Origin: HOST_ORIGIN,
      },
      ...(data ? { data } : {}),
    });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  }

  /**
   * Creates a user with a password directly (the test's precondition, not what it checks) and
   * answers the session that sign-up started.
   */
  async createPasswordUser(email: string, password: string): Promise<SessionTokens> {
    const answer = await this.sdk('POST', '/passwords', {
      data: { email, password, session_duration_minutes: 60 },
    });
    const data = answer.body['data'] as Partial<SessionTokens> | undefined;
    if (answer.status !== 200 || !data?.session_token || !data.session_jwt) {
      throw new Error(`POST /passwords answered ${JSON.stringify(answer.body)}`);
    }
    return { session_token: data.session_token, session_jwt: data.session_jwt };
  }

  /** The signed-in user's passkeys, as the provider stores them. */
  async passkeysOf(sessionToken: string): Promise<{ webauthn_registration_id: string; name: string }[]> {
    const { body } = await this.sdk('GET', '/users/me', { sessionToken });
    const data = body['data'] as {
      webauthn_registrations?: { webauthn_registration_id: string; name: string }[];
    };
    return data.webauthn_registrations ?? [];
  }

  /** Deletes a passkey on the server only (the authenticator keeps its credential). */
  deletePasskey(sessionToken: string, registrationId: string): Promise<ApiAnswer> {
    return this.sdk('DELETE', `/users/webauthn_registrations/${registrationId}`, { sessionToken });
  }
}
