/**
 * Origins and fixed identifiers of the e2e setup. Ports default to the development origins
 * (auth 4000, host 3000, foreign 3001); `LATCH_E2E_{AUTH,HOST,FOREIGN}_PORT` move a run elsewhere so two can run at once.
 */
const port = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} is not a port`);
  return value;
};

export const AUTH_PORT = port('LATCH_E2E_AUTH_PORT', 4000);
export const HOST_PORT = port('LATCH_E2E_HOST_PORT', 3000);
export const FOREIGN_PORT = port('LATCH_E2E_FOREIGN_PORT', 3001);

/** The auth origin: a host name, not an IP, because a WebAuthn RP ID cannot be an IP. */
export const AUTH_ORIGIN = `http://localhost:${AUTH_PORT}`;
/** The demo host: on the project's authorized origins, and another site than the auth origin. */
export const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
/** A second host that is NOT an authorized origin. */
export const FOREIGN_ORIGIN = `http://127.0.0.1:${FOREIGN_PORT}`;
export const AUTHORIZED_ORIGINS = [HOST_ORIGIN, `http://localhost:${HOST_PORT}`];
export const PUBLIC_TOKEN = 'public-token-test-e2e-00000000-0000-4000-8000-000000000001';
/** Where Playwright writes results; separate per run when ports are moved. */
export const OUTPUT_DIR = process.env['LATCH_E2E_OUTPUT'] ?? 'test-results';
