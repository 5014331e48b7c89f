import type { AuthenticateResponse, IdpAuthorizeParams, IdpScopeResult } from '@latch/api';
import type { ConnectedAppConfig, ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { findClient, isFirstParty, requireRegistered } from './clients';
import { grantedScopes } from './consents';
import { grantableScopes, scopeResults } from './scopes';

export interface CheckedAuthorize {
  app: ConnectedAppConfig;
  scopeResults: IdpScopeResult[];
  grantable: string[];
  consentRequired: boolean;
}

/**
 * The checks start and submit share: a known client, an exactly registered redirect URI, the
 * scopes sorted into grantable or not, and whether the user must be asked.
 */
export async function checkAuthorize(
  db: Db,
  project: ProjectConfig,
  auth: AuthenticateResponse,
  params: IdpAuthorizeParams,
): Promise<CheckedAuthorize> {
  const app = findClient(project, params.client_id);
  requireRegistered(app.redirect_urls, params.redirect_uri, 'redirect_uri');
  const results = scopeResults(project, params.scopes);
  const grantable = grantableScopes(results);
  const consentRequired = await needsConsent(db, { project, auth, app, prompt: params.prompt, grantable });
  return { app, scopeResults: results, grantable, consentRequired };
}

/**
 * `prompt=consent` always asks; first-party apps never otherwise; third-party apps ask until the
 * user has granted every grantable scope of the request to this client.
 */
async function needsConsent(
  db: Db,
  input: {
    project: ProjectConfig;
    auth: AuthenticateResponse;
    app: ConnectedAppConfig;
    prompt: string | undefined;
    grantable: string[];
  },
): Promise<boolean> {
  if (input.prompt?.split(' ').includes('consent')) return true;
  if (isFirstParty(input.app)) return false;
  const granted = await grantedScopes(db, {
    projectId: input.project.project_id,
    userId: input.auth.user_id,
    clientId: input.app.client_id,
  });
  return !input.grantable.every((s) => granted.includes(s));
}
