import { describe, expect, it } from 'vitest';
import { json, testApp } from '../../test/testApp';
import { AUTH_ORIGIN, HOST, LIVE_TOKEN, OTHER_HOST, TEST_TOKEN } from '../../test/testConfig';

const bootstrapPath = `/projects/bootstrap/${TEST_TOKEN}`;

describe('CORS on /sdk/v1', () => {
  it('echoes an authorized origin exactly, with credentials', async () => {
    const { sdk } = testApp();
    const response = await sdk(bootstrapPath, { method: 'GET', origin: HOST });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(HOST);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(response.headers.get('Vary')).toContain('Origin');
  });

  it('allows the auth origin itself (the frame)', async () => {
    const { sdk } = testApp();
    const response = await sdk(bootstrapPath, { method: 'GET', origin: AUTH_ORIGIN });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(AUTH_ORIGIN);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
  });

  it('refuses another project’s origin with bad_domain_for_stytch_sdk, readable without credentials', async () => {
    const { sdk } = testApp();
    const response = await sdk(bootstrapPath, { method: 'GET', origin: OTHER_HOST });
    expect(response.status).toBe(400);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(OTHER_HOST);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    const body = await json(response);
    expect(body['error_type']).toBe('bad_domain_for_stytch_sdk');
    expect(body['error_message']).toContain(OTHER_HOST);
  });

  it('checks the Basic auth project on calls without a path token', async () => {
    const { sdk } = testApp();
    const refused = await sdk('/events', { body: '[]', origin: HOST, token: LIVE_TOKEN });
    expect((await json(refused))['error_type']).toBe('bad_domain_for_stytch_sdk');
    const allowed = await sdk('/events', { body: '[]', origin: OTHER_HOST, token: LIVE_TOKEN });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(OTHER_HOST);
  });

  it('does not treat a look-alike origin as authorized', async () => {
    const { sdk } = testApp();
    for (const origin of [`${HOST}.evil.test`, 'http://127.0.0.1:30000', 'https://127.0.0.1:3000', 'null']) {
      const response = await sdk(bootstrapPath, { method: 'GET', origin });
      expect((await json(response))['error_type'], origin).toBe('bad_domain_for_stytch_sdk');
    }
  });

  it('answers an authorized preflight with the allowed methods and headers', async () => {
    const { app } = testApp();
    const response = await app.request('/sdk/v1/events', {
      method: 'OPTIONS',
      headers: {
        Origin: HOST,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(HOST);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization, Content-Type, X-SDK-Client, X-SDK-Parent-Host',
    );
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
  });

  it('refuses a preflight from an origin no project authorizes', async () => {
    const { app } = testApp();
    const response = await app.request('/sdk/v1/events', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.test', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    expect((await json(response))['error_type']).toBe('bad_domain_for_stytch_sdk');
  });

  it('checks a bootstrap preflight against that project’s origins', async () => {
    const { app } = testApp();
    const preflight = (origin: string) =>
      app.request(`/sdk/v1${bootstrapPath}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
    expect((await preflight(HOST)).status).toBe(204);
    expect((await preflight(OTHER_HOST)).status).toBe(400);
  });

  it('reports an unknown token as invalid_public_token, readable cross-origin', async () => {
    const { sdk } = testApp();
    const response = await sdk('/projects/bootstrap/public-token-test-typo', {
      method: 'GET',
      origin: 'https://evil.test',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://evil.test');
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    expect((await json(response))['error_type']).toBe('invalid_public_token');
  });

  it('adds no CORS headers to calls without Origin (server to server)', async () => {
    const { sdk } = testApp();
    const response = await sdk(bootstrapPath, { method: 'GET' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
