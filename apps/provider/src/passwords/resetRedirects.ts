import type { ProjectConfig } from '../config/configSchema';
import { resolveRedirectUrl } from '../delivery';
import { AuthError } from '../errors/AuthError';

const isResetPage = (url: string): boolean =>
  URL.canParse(url) && new URL(url).pathname.toLowerCase().includes('reset');

function defaultUrl(project: ProjectConfig, field: string, prefer: (url: string) => boolean): string {
  const url = project.redirect_urls.find(prefer) ?? project.redirect_urls[0];
  if (url) return url;
  throw new AuthError(
    'redirect_url_not_found',
    `${field} was not given and project "${project.name}" has no redirect_urls configured.`,
  );
}

export interface ResetRedirects {
  resetUrl: string;
  loginUrl: string;
}

/**
 * Where the two links of a reset email lead. A requested URL must be exactly one of the project's
 * `redirect_urls`. Defaults: for the reset link the first configured URL whose path contains
 * `reset`, for the login link the first one whose path does not; else the first configured URL.
 */
export function resetRedirects(
  project: ProjectConfig,
  requested: { reset_password_redirect_url?: string | undefined; login_redirect_url?: string | undefined },
): ResetRedirects {
  const reset = requested.reset_password_redirect_url;
  const login = requested.login_redirect_url;
  return {
    resetUrl:
      reset === undefined
        ? defaultUrl(project, 'reset_password_redirect_url', isResetPage)
        : resolveRedirectUrl(project, reset, 'reset_password_redirect_url'),
    loginUrl:
      login === undefined
        ? defaultUrl(project, 'login_redirect_url', (url) => !isResetPage(url))
        : resolveRedirectUrl(project, login, 'login_redirect_url'),
  };
}
