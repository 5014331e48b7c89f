import { ApiError, createApiClient, NetworkError } from '@latch/api';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProviderHandlers, errorResponse, networkError, slowResponse } from '.';
import { MSW_PUBLIC_TOKEN } from './mswConfig';

const baseUrl = 'http://localhost:4000';
const provider = createProviderHandlers({ baseUrl });
const server = setupServer(...provider.all);
const client = createApiClient({ baseUrl, publicToken: MSW_PUBLIC_TOKEN });
const bootstrap = () =>
  client.callPath('GET /projects/bootstrap/{public_token}', { public_token: MSW_PUBLIC_TOKEN }, undefined);
const event = {
  telemetry: {},
  event: { public_token: MSW_PUBLIC_TOKEN, event_name: 'msw_test', details: {} },
};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await provider.provider();
}, 60_000);
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await (await provider.provider()).db.close();
});

describe('createProviderHandlers', () => {
  it('passes requests through to the in-process provider', async () => {
    expect(await bootstrap()).toMatchObject({ project_name: 'Latch Test', vertical: 'CONSUMER' });
    await client.call('POST /events', [event]);
    const { db } = await provider.provider();
    expect(await db.query("SELECT event_name FROM events WHERE event_name = 'msw_test'")).toEqual([
      { event_name: 'msw_test' },
    ]);
  });

  it('passes provider errors through unchanged', async () => {
    await expect(
      client.call('POST /events', [{ ...event, event: { ...event.event, public_token: 'other' } }]),
    ).rejects.toMatchObject({
      error_type: 'invalid_field',
    });
  });

  it('overrides one operation with an error envelope, leaving the others real', async () => {
    server.use(provider.override('POST /events', errorResponse('too_many_requests', 429, 'Slow down.')));
    const failure = await client.call('POST /events', [event]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      error_type: 'too_many_requests',
      status_code: 429,
      error_message: 'Slow down.',
    });
    expect(await bootstrap()).toMatchObject({ project_name: 'Latch Test' });
  });

  it('simulates a network failure and a slow answer', async () => {
    server.use(provider.override('GET /projects/bootstrap/{public_token}', networkError()));
    await expect(bootstrap()).rejects.toBeInstanceOf(NetworkError);
    server.resetHandlers(
      provider.override('GET /projects/bootstrap/{public_token}', slowResponse(150)),
      ...provider.all,
    );
    const started = Date.now();
    expect(await bootstrap()).toMatchObject({ project_name: 'Latch Test' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
