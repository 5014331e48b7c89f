/** The provider origin the screens' API client calls in tests; `providerServer` serves it. */
// On localhost like the page (happy-dom's http://localhost:3000), as the frame shares its host name
// with the auth origin: the default passkey domain, the page's host name, is then a valid RP ID.
export const TEST_BASE_URL = 'http://localhost:4000';

export interface TestNetwork {
  fetch: typeof fetch;
  publicToken: string;
  /** The embedding page's origin, which the provider checks against the project's. */
  parentHost?: string;
}

const offline: TestNetwork = {
  fetch: () => Promise.reject(new TypeError('no network in this test')),
  publicToken: 'public-token-test-widget',
};
let current: TestNetwork = offline;

/**
 * Set by `providerServer` while its file runs, so widgets rendered there reach the real
 * provider; elsewhere the widget has no network, and a test that forgets a server fails at once.
 */
export function setTestNetwork(network: TestNetwork | undefined): void {
  current = network ?? offline;
}

export const testNetwork = (): TestNetwork => current;
