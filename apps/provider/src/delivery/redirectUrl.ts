import type { ProjectConfig } from '../config/configSchema';
import { AuthError } from '../errors/AuthError';

/**
 * The redirect URL a link may point at: the requested one when it is exactly one of the project's
 * `redirect_urls` (compared after URL normalization), else the first configured one when none was
 * requested. Anything else is 400 `redirect_url_not_found`: links never lead to unlisted pages.
 */
export function resolveRedirectUrl(
  project: ProjectConfig,
  requested: string | undefined,
  field: string,
): string {
  if (requested === undefined) {
    const first = project.redirect_urls[0];
    if (first) return first;
    throw new AuthError(
      'redirect_url_not_found',
      `${field} was not given and project "${project.name}" has no redirect_urls configured.`,
    );
  }
  const normalized = URL.canParse(requested) ? new URL(requested).href : null;
  if (normalized && project.redirect_urls.includes(normalized)) return normalized;
  throw new AuthError(
    'redirect_url_not_found',
    `${field}: ${JSON.stringify(requested.slice(0, 200))} is not one of the project's redirect_urls.`,
  );
}
