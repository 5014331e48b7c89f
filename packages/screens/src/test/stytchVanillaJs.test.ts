import { StytchHeadlessClient } from '@stytch/vanilla-js/headless';
import { describe, expect, it, vi } from 'vitest';
import { MSW_PUBLIC_TOKEN } from '@latch/msw';
import { providerServer } from './providerServer';
import { TEST_BASE_URL } from './testNetwork';

// Stytch's own browser SDK (the version `npm run bench` measures) against the provider, so the
// provider's answers keep the shape that SDK reads. Its RBAC client reads the bootstrap's
// `rbac_policy.roles` and `resources` as soon as bootstrap answers, and throws without them.
const provider = providerServer();

describe('@stytch/vanilla-js against the provider', () => {
  it('reads the bootstrap answer, RBAC policy included', async () => {
    // `endpoints` is read by the SDK but absent from its types (the documented `customBaseUrl`
    // keeps only a host name and forces https): passed as a variable, which TypeScript allows.
    const options = {
      endpoints: { testAPIURL: TEST_BASE_URL, liveAPIURL: TEST_BASE_URL },
      keepSessionAlive: false,
    };
    const client = new StytchHeadlessClient(MSW_PUBLIC_TOKEN, options);
    // Resolves only once the SDK has mapped the bootstrap answer into its RBAC policy.
    await expect(client.rbac.allPermissions()).resolves.toEqual({});
    const routes = async () => (await provider.sent()).map((r) => r.route);
    expect(await routes()).toContain(`GET /projects/bootstrap/${MSW_PUBLIC_TOKEN}`);
    // Its event batch (flushed every 800 ms, for good) is out before the provider stops.
    await vi.waitFor(async () => expect(await routes()).toContain('POST /events'), { timeout: 10_000 });
  });
});
