import { expect, test } from '../fixtures/test';
import { AUTH_ORIGIN, FOREIGN_ORIGIN, HOST_ORIGIN, PUBLIC_TOKEN } from '../support/env';

const BOOTSTRAP = `${AUTH_ORIGIN}/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`;

test('a host on an unauthorized origin gets no widget and a clear onError', async ({
  foreignHost,
  request,
}) => {
  const refusal =
    await test.step('the provider refuses the origin with bad_domain_for_stytch_sdk', async () => {
      const response = await request.get(BOOTSTRAP, { headers: { Origin: FOREIGN_ORIGIN } });
      expect(response.status()).toBe(400);
      const body = (await response.json()) as { error_type: string; error_message: string };
      expect(body.error_type).toBe('bad_domain_for_stytch_sdk');
      return body.error_message;
    });

  await test.step(`mount the widget on ${FOREIGN_ORIGIN}`, () => foreignHost.open());
  await test.step('onError receives the provider message', async () => {
    await expect.poll(() => foreignHost.errorMessages()).toContain(refusal);
  });
  await test.step('no widget is shown, not even the blocked frame', async () => {
    await expect(foreignHost.iframe).toBeHidden();
    await expect(foreignHost.login.header).toBeHidden();
  });
});

test('the API answers CORS with credentials only for authorized origins', async ({ request }) => {
  await test.step('authorized origin: exact origin echoed, with credentials', async () => {
    const response = await request.get(BOOTSTRAP, { headers: { Origin: HOST_ORIGIN } });
    expect(response.status()).toBe(200);
    expect(response.headers()['access-control-allow-origin']).toBe(HOST_ORIGIN);
    expect(response.headers()['access-control-allow-credentials']).toBe('true');
  });
  await test.step('unauthorized origin: 400, readable reason, no credentials', async () => {
    const response = await request.get(BOOTSTRAP, { headers: { Origin: FOREIGN_ORIGIN } });
    expect(response.status()).toBe(400);
    expect(response.headers()['access-control-allow-origin']).toBe(FOREIGN_ORIGIN);
    expect(response.headers()['access-control-allow-credentials']).toBeUndefined();
  });
});
