/** Exactness rules shared by the config check and request-time matching (docs/security.md, one allowlist enforced everywhere). */

/** Null when `value` is an exact, normalized http(s) origin; otherwise what is wrong with it. */
export function originProblem(value: string): string | null {
  const quoted = JSON.stringify(value);
  if (value.includes('*')) return `${quoted} has a wildcard; list each origin exactly`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${quoted} is not an origin like "https://example.com"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${quoted} must use http or https`;
  if (url.origin === value) return null;
  if (url.username || url.password) return `${quoted} is not an origin (no user info allowed)`;
  const rest = value.slice(value.indexOf('//') + 2).replace(/^[^/?#]*/, '');
  if (rest) return `${quoted} is not an origin (no path allowed)`;
  return `${quoted} is not a normalized origin; write ${JSON.stringify(url.origin)}`;
}

/** Null when `value` is an absolute, normalized http(s) URL without a fragment. */
export function redirectUrlProblem(value: string): string | null {
  const quoted = JSON.stringify(value);
  if (value.includes('*')) return `${quoted} has a wildcard; list each redirect URL exactly`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${quoted} is not an absolute URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${quoted} must use http or https`;
  if (url.hash || value.includes('#')) return `${quoted} must not have a fragment`;
  if (url.href !== value) return `${quoted} is not normalized; write ${JSON.stringify(url.href)}`;
  return null;
}

/** Null when `value` is a bare host name usable as a WebAuthn RP ID (never an IP address). */
export function passkeyDomainProblem(value: string): string | null {
  const quoted = JSON.stringify(value);
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(value)) {
    return `${quoted} is not a lower-case host name (no scheme, port or path)`;
  }
  if (/^[0-9.]+$/.test(value)) return `${quoted} is an IP address; a passkey domain must be a host name`;
  return null;
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** True for localhost, 127.x.x.x and [::1]: the only hosts plain http is allowed to. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOSTS.test(hostname);

/** Null when `value` is an absolute https URL, or http on a loopback host (a local stand-in). */
export function endpointUrlProblem(value: string): string | null {
  const quoted = JSON.stringify(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${quoted} is not an absolute URL`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  return `${quoted} must use https (http only on localhost, 127.x.x.x or [::1])`;
}
