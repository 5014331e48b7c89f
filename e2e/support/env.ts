/** Origins and fixed identifiers of the e2e setup (e2e/fixtures/latch.config.json). */
export const AUTH_ORIGIN = 'http://localhost:4000';
/** The demo host: on the project's authorized origins. */
export const HOST_ORIGIN = 'http://127.0.0.1:3000';
/** A second host that is NOT an authorized origin. */
export const FOREIGN_ORIGIN = 'http://127.0.0.1:3001';
export const AUTHORIZED_ORIGINS = ['http://127.0.0.1:3000', 'http://localhost:3000'];
export const PUBLIC_TOKEN = 'public-token-test-e2e-00000000-0000-4000-8000-000000000001';
