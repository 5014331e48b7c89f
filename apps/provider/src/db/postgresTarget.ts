/** Where postgres.js connects: the URL it parses, and a Unix socket's folder when the URL names one. */
export type PostgresTarget = { url: string; socketFolder?: string };

/**
 * Reads a `DATABASE_URL`. postgres.js takes host, port, user, password and database from a URL but
 * has no URL form for a Unix socket; libpq's is a `host` query parameter naming the socket's folder
 * (`postgres://latch@localhost/latch?host=/run/postgresql`, the URL's own host then unused). That
 * parameter is taken out of the URL, where postgres.js would send it to the server as a setting,
 * and answered apart. A `host` that is not an absolute path is left to the server, which refuses it.
 */
export function postgresTarget(connectionString: string): PostgresTarget {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { url: connectionString };
  }
  const host = url.searchParams.get('host');
  if (!host?.startsWith('/')) return { url: connectionString };
  url.searchParams.delete('host');
  return { url: url.toString(), socketFolder: host };
}
