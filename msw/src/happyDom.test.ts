// @vitest-environment happy-dom
// Component tests (screens, frame) run under happy-dom, whose URL/fetch globals differ from Node's.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@latch/api';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cachedPGliteTemplate, createProviderHandlers, errorResponse, MSW_PUBLIC_TOKEN } from '.';

const baseUrl = 'http://localhost:4000';
// A copy of the migrated template: createProviderHandlers.test.ts covers a new in-memory database.
const dataDir = mkdtempSync(join(tmpdir(), 'latch-msw-happy-dom-'));
cpSync(await cachedPGliteTemplate(), dataDir, { recursive: true });
const provider = createProviderHandlers({ baseUrl, dataDir });
const server = setupServer(...provider.all);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await (await provider.provider()).db.close();
  rmSync(dataDir, { recursive: true, force: true });
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
