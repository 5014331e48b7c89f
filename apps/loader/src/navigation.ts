import type { LoginConfig, MountKind, NavigateReason } from '@latch/protocol';

/**
 * Where the frame may send the whole page. The frame is trusted only as far as these rules go:
 * a compromised or confused frame can never turn the host into an open redirect.
 */
export interface NavigationPolicy {
  /** Origins serving OAuth start (`/v1/public/oauth/...`): the auth origin and the API origin. */
  oauthOrigins: string[];
  /** Origins a flow may end on: the host page's own and those of redirect URLs in the host's config. */
  redirectOrigins: string[];
  /** Exact targets (origin + path) the host page's URL names for the identity-provider flow. */
  redirectTargets: string[];
  /** The auth origin for the identity-provider flow: its form_post pages post a response onwards. */
  formPostOrigin: string | null;
}

/** A project issuer's form_post page, which posts to a redirect URI the provider checked. */
const FORM_POST_PATH = /^\/v1\/public\/[^/]+\/oauth2\/form_post$/;

/** An http(s) URL without credentials, or null. */
export const httpUrl = (raw: string): URL | null => {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
};

export function isAllowedNavigation(raw: string, reason: NavigateReason, policy: NavigationPolicy): boolean {
  const url = httpUrl(raw);
  if (!url) return false;
  if (reason === 'oauth_start') {
    return policy.oauthOrigins.includes(url.origin) && url.pathname.startsWith('/v1/public/oauth/');
  }
  return (
    policy.redirectOrigins.includes(url.origin) ||
    policy.redirectTargets.includes(url.origin + url.pathname) ||
    (url.origin === policy.formPostOrigin && FORM_POST_PATH.test(url.pathname))
  );
}

export function navigationPolicy(
  kind: MountKind,
  config: LoginConfig,
  authOrigin: string,
  apiBaseUrl: string,
  page: { origin: string; search: string },
): NavigationPolicy {
  const origins = (urls: (string | undefined)[]) =>
    urls.flatMap((u) => {
      const url = u === undefined ? null : httpUrl(u);
      return url ? [url.origin] : [];
    });
  const { emailMagicLinksOptions: eml, oauthOptions: oauth, passwordOptions: pw } = config;
  const redirectOrigins = [
    page.origin,
    ...origins([
      eml?.loginRedirectURL,
      eml?.signupRedirectURL,
      oauth?.loginRedirectURL,
      oauth?.signupRedirectURL,
      pw?.loginRedirectURL,
      pw?.resetPasswordRedirectURL,
    ]),
  ];
  const redirectTargets: string[] = [];
  if (kind === 'identity-provider') {
    // The provider checked these against the OAuth client's registered URIs; we pin the page's own.
    const query = new URLSearchParams(page.search);
    for (const key of ['redirect_uri', 'post_logout_redirect_uri']) {
      const url = httpUrl(query.get(key) ?? '');
      if (url) redirectTargets.push(url.origin + url.pathname);
    }
  }
  return {
    oauthOrigins: [authOrigin, ...origins([apiBaseUrl])],
    redirectOrigins,
    redirectTargets,
    formPostOrigin: kind === 'identity-provider' ? authOrigin : null,
  };
}
