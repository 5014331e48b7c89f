// @vitest-environment happy-dom
// Component tests (screens, frame) run under happy-dom, whose URL/fetch globals differ from Node's.
import { createApiClient } from '@latch/api';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProviderHandlers, errorResponse, MSW_PUBLIC_TOKEN } from '.';
import { readPGliteDump } from '@latch/test-support/pglite';
import { migratedPGliteDump } from './migratedPGlite';

const baseUrl = 'http://localhost:4000';
// The migrated database's dump, as the screen tests load it (here under happy-dom's Blob):
// createProviderHandlers.test.ts covers a new empty database.
const dump = readPGliteDump(await migratedPGliteDump());
const provider = createProviderHandlers({ baseUrl, loadDataDir: dump });
const server = setupServer(...provider.all);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await (await provider.provider()).db.close();
});

it('passes through and overrides under happy-dom, with the page origin authorized', async () => {
  const client = createApiClient({ baseUrl, publicToken: MSW_PUBLIC_TOKEN, parentHost: location.origin });
  const bootstrap = await client.callPath(
    'GET /projects/bootstrap/{public_token}',
    { public_token: MSW_PUBLIC_TOKEN },
    undefined,
  );
  expect(bootstrap.project_name).toBe('Latch Test');
  server.use(provider.override('POST /events', errorResponse('too_many_requests', 429)));
  await expect(client.call('POST /events', [])).rejects.toMatchObject({ error_type: 'too_many_requests' });
}, 60_000);
