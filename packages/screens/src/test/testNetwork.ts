/** The provider origin the screens' API client calls in tests; `providerServer` serves it. */
export const TEST_BASE_URL = 'http://auth.test';

export interface TestNetwork {
  fetch: typeof fetch;
  publicToken: string;
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
