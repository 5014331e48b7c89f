/** Where postgres.js connects: the URL it parses, and the host the URL's `host` parameter names. */
export type PostgresTarget = { url: string; host?: string };

/**
 * Reads a `DATABASE_URL`. postgres.js takes host, port, user, password and database from a URL but
 * not libpq's `host` query parameter, which overrides the URL's host and is how a URL names a Unix
 * socket: the socket's folder (`postgres://latch@localhost/latch?host=/run/postgresql`). That
 * parameter is taken out of the URL, where postgres.js would send it to the server as a setting,
 * and answered apart, for postgres.js's `host` option (a path there means a socket's folder).
 */
export function postgresTarget(connectionString: string): PostgresTarget {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { url: connectionString };
  }
  const host = url.searchParams.get('host');
  if (!host) return { url: connectionString };
  url.searchParams.delete('host');
  return { url: url.toString(), host };
}

/**
 * Whether `value` is a URL of PostgreSQL (`postgres:` or `postgresql:`). Anything else must not be
 * used, nor printed: `user:secret` parses too, as scheme `user:` with path `secret`.
 */
export const isPostgresUrl = (value: string): boolean =>
  URL.canParse(value) && ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
