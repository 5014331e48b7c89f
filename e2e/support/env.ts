/**
 * Origins and fixed identifiers of the e2e setup. Ports default to the development origins
 * (auth 4000, host 3000, foreign 3001); `LATCH_E2E_{AUTH,HOST,FOREIGN}_PORT` move a run elsewhere so two can run at once.
 */
/**
 * The Fetch standard's blocked ports: Node's `fetch` (the set-up's readiness checks) and Chromium
 * refuse them, so a run there would fail as a server that never started.
 */
const BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const port = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} is not a port`);
  if (BLOCKED_PORTS.has(value))
    throw new Error(`${name}=${value} is a port browsers and fetch refuse to connect to; choose another`);
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
