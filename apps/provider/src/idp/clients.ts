import type { IdpClient } from '@latch/api';
import type { ConnectedAppConfig, ProjectConfig } from '../config/configSchema';
import { AuthError } from '../errors/AuthError';

/** The project's connected app with this client id; an unknown one is 404 `not_found`. */
export function findClient(project: ProjectConfig, clientId: string): ConnectedAppConfig {
  const app = project.connected_apps.find((a) => a.client_id === clientId);
  if (!app) {
    throw new AuthError(
      'not_found',
      `client_id ${JSON.stringify(clientId)} is not a connected app of this project.`,
    );
  }
  return app;
}

/**
 * RFC 6749 section 3.1.2: the redirect URI must equal a registered one exactly (no prefix or
 * pattern matching), or the provider would send codes to wherever a request names.
 */
export function requireRegistered(registered: readonly string[], uri: string, field: string): void {
  if (!registered.includes(uri)) {
    throw new AuthError(
      'redirect_url_not_found',
      `${field} ${JSON.stringify(uri)} is not registered for this client.`,
    );
  }
}

/** First-party apps are trusted by the project: no consent screen unless the request asks for one. */
export const isFirstParty = (app: ConnectedAppConfig): boolean =>
  app.client_type === 'first_party' || app.client_type === 'first_party_public';

export const toIdpClient = (app: ConnectedAppConfig): IdpClient => ({
  client_id: app.client_id,
  client_name: app.client_name,
  client_type: app.client_type,
  client_description: app.client_description,
  ...(app.client_logo_url ? { client_logo_url: app.client_logo_url } : {}),
});

/** `uri` with query parameters added (values already validated by the caller). */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
