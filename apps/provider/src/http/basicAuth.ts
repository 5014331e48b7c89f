/** `Authorization: Basic base64(public_token:secret)` where secret is a session token or the public token again. */
export interface BasicCredentials {
  user: string;
  password: string;
}

export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  let decoded: string;
  try {
    decoded = Buffer.from(match[1], 'base64').toString('utf8');
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The session token of an SDK call, or null when the password half is just the public token. */
export const sessionTokenOf = (credentials: BasicCredentials | undefined): string | null =>
  credentials && credentials.password && credentials.password !== credentials.user
    ? credentials.password
    : null;
