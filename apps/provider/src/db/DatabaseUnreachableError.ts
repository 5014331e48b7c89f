/**
 * The database could not be reached, or refused the provider, when it started: the operator's
 * matter (an address, a password, a database that does not exist), said in one line with the
 * storage it was about, no stack trace.
 */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** Node's socket errors: refused, unknown host, time-out, no socket file or no access to it. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENOENT',
  'EACCES',
]);
/** postgres.js's own connection errors. */
const DRIVER_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
/** SQLSTATE classes: connection exception, invalid authorization, invalid catalog name (no such database). */
const SQLSTATE_CLASSES = ['08', '28', '3D'];

/** Whether `error`, thrown by a first query, says the server was not reached or refused us. */
export function isConnectionFailure(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (typeof code !== 'string') return false;
  return SOCKET_CODES.has(code) || DRIVER_CODES.has(code) || SQLSTATE_CLASSES.some((c) => code.startsWith(c));
}

/** `error` as a `DatabaseUnreachableError` naming `storage` when it is a connection failure; else itself. */
export function asUnreachable(error: unknown, storage: string): unknown {
  if (!isConnectionFailure(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseUnreachableError(`${storage} cannot be used: ${reason}`, { cause: error });
}
