import { describe, expect, it } from 'vitest';
import { json, testApp } from '../../test/testApp';
import { basic, HOST, TEST_TOKEN } from '../../test/testConfig';
import { MAX_BODY_BYTES } from './requestBodyLimit';

const CHUNK = 64 * 1024;

/** A body that streams `total` bytes in chunks without a Content-Length, counting what was read. */
function countedStream(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  return { stream, counter };
}

const post = (path: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string>) =>
  testApp().app.request(path, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('request body limit', () => {
  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const { stream, counter } = countedStream(600 * 1024 * 1024);
    const response = await post('/sdk/v1/otps/email/login_or_create', stream, {
      Authorization: basic(TEST_TOKEN),
      'Content-Type': 'application/json',
      'Content-Length': String(600 * 1024 * 1024),
      Origin: HOST,
    });
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({
      error_type: 'bad_request',
      error_message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    });
    // CORS still applies, so the widget can read why.
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(HOST);
    expect(counter.pulled).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('stops reading a streamed body at the limit, JSON and form bodies alike', async () => {
    for (const [path, type] of [
      ['/sdk/v1/otps/email/login_or_create', 'application/json'],
      ['/v1/oauth2/token', 'application/x-www-form-urlencoded'],
    ] as const) {
      const { stream, counter } = countedStream(50 * 1024 * 1024);
      const response = await post(path, stream, { Authorization: basic(TEST_TOKEN), 'Content-Type': type });
      expect([path, response.status]).toEqual([path, 413]);
      // Streams read ahead by a chunk or two; never the 50 MB.
      expect(counter.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 3 * CHUNK);
    }
  });

  it('lets a body at the limit through to the route', async () => {
    const body = JSON.stringify({ email: 'x'.repeat(MAX_BODY_BYTES - 20) });
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const response = await post('/sdk/v1/otps/email/login_or_create', body, {
      Authorization: basic(TEST_TOKEN),
      'Content-Type': 'application/json',
    });
    // The route itself answers: the email is too long for the field, not the body for the server.
    expect(response.status).toBe(400);
  });
});
