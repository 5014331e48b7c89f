import { isPlainObject } from '@latch/api';
import { DEMO_APP_CLIENT_ID, demoAppUrls, demoIdpUrl, devRedirectUrls, isDemoIdpUrl } from './defaultConfig';

/** Appends the missing `items` to `owner[key]` (created when absent); true when it added any. */
function addMissing(owner: Record<string, unknown>, key: string, items: readonly string[]): boolean {
  const list = owner[key] ?? [];
  if (!Array.isArray(list)) return false;
  const missing = items.filter((item) => !list.includes(item));
  if (missing.length === 0) return false;
  owner[key] = [...list, ...missing];
  return true;
}

/**
 * Points `idp_authorization_url` at the demo's page on the demo's (first) origin when it is unset
 * (a file generated before the field existed) or the demo's page elsewhere: the demo moved, and
 * its old port serves nothing. An operator's own page stays. True when it changed the value.
 */
function followDemoIdpPage(project: Record<string, unknown>, origins: readonly string[]): boolean {
  const current = project['idp_authorization_url'];
  const first = origins[0];
  if (first === undefined) return false;
  if (typeof current === 'string' && origins.some((origin) => demoIdpUrl(origin) === current)) return false;
  if (current !== undefined && !(typeof current === 'string' && isDemoIdpUrl(current))) return false;
  project['idp_authorization_url'] = demoIdpUrl(first);
  return true;
}

/**
 * Adds `origins` (and the demo's pages on them) to the dev project of a generated config file:
 * the first test project, the one the demo host picks. Works on the file's JSON as written, so
 * nothing the operator configured is removed or rewritten. True when it added anything.
 */
export function authorizeDevOrigins(raw: unknown, origins: readonly string[]): boolean {
  const projects = isPlainObject(raw) ? raw['projects'] : undefined;
  const project = Array.isArray(projects)
    ? projects.find((p) => isPlainObject(p) && p['test'] === true)
    : undefined;
  if (!isPlainObject(project)) return false;
  const changes = [
    addMissing(project, 'authorized_origins', origins),
    addMissing(project, 'redirect_urls', devRedirectUrls(origins)),
    followDemoIdpPage(project, origins),
  ];
  const apps = project['connected_apps'];
  const demoApp = Array.isArray(apps)
    ? apps.find((app) => isPlainObject(app) && app['client_id'] === DEMO_APP_CLIENT_ID)
    : undefined;
  if (isPlainObject(demoApp)) {
    changes.push(
      addMissing(demoApp, 'redirect_urls', demoAppUrls(origins)),
      addMissing(demoApp, 'post_logout_redirect_urls', demoAppUrls(origins)),
    );
  }
  return changes.includes(true);
}
