import type { AuthenticateResponse, IdpAuthorizeParams, IdpScopeResult } from '@latch/api';
import type { ConnectedAppConfig, ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { sessionAuthTime } from './authTime';
import { freshnessProblem, promptValues, requestProblem, type AuthorizeError } from './authorizeProblems';
import { findClient, isFirstParty, requireRegistered } from './clients';
import { grantedScopes } from './consents';
import { grantableScopes, scopeResults } from './scopes';

export interface CheckedAuthorize {
  app: ConnectedAppConfig;
  scopeResults: IdpScopeResult[];
  grantable: string[];
  /** Whether the screen must ask; false whenever `error` is set (the answer is that error). */
  consentRequired: boolean;
  /** The error the client gets at its redirect URI instead of a code, without any UI. */
  error: AuthorizeError | null;
  /** The session's authentication time (seconds), for the code and its ID token. */
  authTime: number;
}

/**
 * The checks start and submit share: a known client, an exactly registered redirect URI (both
 * thrown as SDK errors: the screen shows them and never redirects), then what is answered to the
 * client: a bad parameter, a session older than `max_age` / `prompt=login` allow (the screen
 * cannot sign in again: `login_required`), consent needed under `prompt=none` (`consent_required`).
 */
export async function checkAuthorize(
  db: Db,
  project: ProjectConfig,
  auth: AuthenticateResponse,
  params: IdpAuthorizeParams,
  now: Date,
): Promise<CheckedAuthorize> {
  const app = requireClientRedirect(project, params);
  const results = scopeResults(project, params.scopes);
  const grantable = grantableScopes(results);
  const authTime = sessionAuthTime(auth.session);
  const early = requestProblem(params, 'S256') ?? freshnessProblem(authTime, params, now);
  const consentRequired =
    early === null && (await needsConsent(db, { project, auth, app, prompt: params.prompt, grantable }));
  const error =
    early ??
    (consentRequired && promptValues(params.prompt).includes('none')
      ? {
          error: 'consent_required' as const,
          error_description: 'The user has not consented to this request.',
        }
      : null);
  return {
    app,
    scopeResults: results,
    grantable,
    consentRequired: error === null && consentRequired,
    error,
    authTime,
  };
}

/** The connected app, once its redirect URI is known to be registered (else an SDK error). */
export function requireClientRedirect(
  project: ProjectConfig,
  params: IdpAuthorizeParams,
): ConnectedAppConfig {
  const app = findClient(project, params.client_id);
  requireRegistered(app.redirect_urls, params.redirect_uri, 'redirect_uri');
  return app;
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
  if (promptValues(input.prompt).includes('consent')) return true;
  if (isFirstParty(input.app)) return false;
  const granted = await grantedScopes(db, {
    projectId: input.project.project_id,
    userId: input.auth.user_id,
    clientId: input.app.client_id,
  });
  return !input.grantable.every((s) => granted.includes(s));
}
