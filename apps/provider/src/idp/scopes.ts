import type { IdpScopeResult } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';

/** The standard scopes: grantable by any signed-in user (docs/identity-provider.md, scopes and claims). */
export const STANDARD_SCOPES = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'];

/** Scopes requested when the authorize request names none (default `openid email profile`). */
export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

/** Requested scopes once each, in request order (the screen split the string on spaces already). */
export const uniqueScopes = (scopes: readonly string[]): string[] => {
  const named = [...new Set(scopes.map((s) => s.trim()).filter((s) => s !== ''))];
  return named.length > 0 ? named : DEFAULT_SCOPES;
};

/**
 * Standard scopes are grantable; a custom scope is grantable when the project's `rbac_scopes` lists
 * it (with its description); anything else is shown to the user as one they cannot grant.
 */
export function scopeResults(project: ProjectConfig, scopes: readonly string[]): IdpScopeResult[] {
  return uniqueScopes(scopes).map((scope) => {
    if (STANDARD_SCOPES.includes(scope)) return { scope, description: '', is_grantable: true };
    const custom = project.rbac_scopes.find((s) => s.scope === scope);
    return custom
      ? { scope, description: custom.description, is_grantable: true }
      : { scope, description: '', is_grantable: false };
  });
}

export const grantableScopes = (results: readonly IdpScopeResult[]): string[] =>
  results.filter((r) => r.is_grantable).map((r) => r.scope);
