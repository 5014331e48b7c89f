import type { IdpScopeResult } from '@latch/api';
import type { StringId } from '@latch/protocol';
import type { Translate } from '../../strings/translate';

/** The built-in text of each standard scope; full_access is standard but silent. */
const STANDARD_SCOPE_TEXT: Readonly<Record<string, StringId | null>> = {
  openid: 'idp.scope.openid',
  profile: 'idp.scope.profile',
  email: 'idp.scope.email',
  phone: 'idp.scope.phone',
  offline_access: 'idp.scope.offline_access',
  full_access: null,
};

export const isStandardScope = (scope: string): boolean => Object.hasOwn(STANDARD_SCOPE_TEXT, scope);

/** The line shown for a scope, or null for one without text (full_access). */
export function scopeText(result: IdpScopeResult, t: Translate): string | null {
  if (isStandardScope(result.scope)) {
    const id = STANDARD_SCOPE_TEXT[result.scope];
    return id ? t(id) : null;
  }
  return result.description || t('idp.scope.custom', { scope: result.scope });
}

/** The client's name, else the redirect URI's host name, else 'The App'. */
export function clientDisplayName(clientName: string | undefined, redirectUri: string, t: Translate): string {
  if (clientName) return clientName;
  try {
    const host = new URL(redirectUri).hostname;
    if (host) return host;
  } catch {
    // Not a URL: fall through to the generic name.
  }
  return t('idp.consent.fallbackClientName');
}

/** Title and list header: the sign-in wording when only standard scopes are requested. */
export function consentHeadings(
  scopes: readonly IdpScopeResult[],
  names: { clientName: string; projectName: string },
  t: Translate,
): { title: string; listHeader: string } {
  const standardOnly = scopes.every((s) => isStandardScope(s.scope));
  return standardOnly
    ? { title: t('idp.consent.titleStandard', names), listHeader: t('idp.consent.requesting', names) }
    : { title: t('idp.consent.titleCustom', names), listHeader: t('idp.consent.allowTo', names) };
}
