import { isErrorEnvelope } from '@latch/api';
import { describe, expect, it } from 'vitest';
import type { Db } from './db/Db';
import { json, noLimits, testApp, unusedDb } from '../test/testApp';
import { TEST_TOKEN } from '../test/testConfig';

const REQUEST_ID = /^request-id-test-[0-9a-f-]{36}$/;

async function expectEnvelope(response: Response, status: number, errorType: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = await json(response);
  expect(isErrorEnvelope(body)).toBe(true);
  expect(Object.keys(body).sort()).toEqual([
    'error_message',
    'error_type',
    'error_url',
    'request_id',
    'status_code',
  ]);
  expect(body).toMatchObject({
    status_code: status,
    error_type: errorType,
    error_url: `https://latch.dev/docs/errors#${errorType}`,
    request_id: response.headers.get('X-Request-Id'),
  });
  expect(body['request_id']).toMatch(REQUEST_ID);
  return body;
}

describe('envelopes', () => {
  it('answers success under data with request_id and status_code matching the header', async () => {
    const { sdk } = testApp();
    const response = await sdk(`/projects/bootstrap/${TEST_TOKEN}`, { method: 'GET' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data['status_code']).toBe(200);
    expect(data['request_id']).toMatch(REQUEST_ID);
    expect(data['request_id']).toBe(response.headers.get('X-Request-Id'));
  });

  it('gives every response its own request id, HTML pages included', async () => {
    const { app } = testApp();
    const ids = await Promise.all(
      ['/', '/nope', '/frame/login'].map(async (p) => (await app.request(p)).headers.get('X-Request-Id')),
    );
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('every bad input is a 4xx envelope', () => {
  it('unknown route → 404 not_found', async () => {
    const { app, sdk } = testApp();
    await expectEnvelope(await sdk('/no/such/endpoint'), 404, 'not_found');
    await expectEnvelope(await app.request('/v1/nothing'), 404, 'not_found');
  });

  it('wrong method → 405 method_not_allowed with Allow', async () => {
    const { sdk } = testApp();
    const response = await sdk('/events', { method: 'DELETE' });
    await expectEnvelope(response, 405, 'method_not_allowed');
    expect(response.headers.get('Allow')).toBe('POST');
  });

  it('malformed JSON → 400 invalid_json', async () => {
    const { sdk } = testApp();
    await expectEnvelope(await sdk('/events', { body: '[{"telemetry":' }), 400, 'invalid_json');
  });

  it('a body that is not the expected JSON type → 400 bad_request', async () => {
    const { sdk } = testApp();
    const body = await expectEnvelope(await sdk('/events', { body: '{"event":1}' }), 400, 'bad_request');
    expect(body['error_message']).toContain('expected an array');
  });

  it('a missing field → 400 missing_field naming it', async () => {
    const { sdk } = testApp();
    const body = await expectEnvelope(
      await sdk('/events', {
        body: JSON.stringify([{ telemetry: {}, event: { public_token: TEST_TOKEN } }]),
      }),
      400,
      'missing_field',
    );
    expect(body['error_message']).toBe('[0].event.event_name is a required field.');
  });

  it('a field of the wrong type → 400 invalid_field naming it', async () => {
    const { sdk } = testApp();
    const body = await expectEnvelope(
      await sdk('/events', {
        body: JSON.stringify([{ event: { public_token: TEST_TOKEN, event_name: 7 } }]),
      }),
      400,
      'invalid_field',
    );
    expect(body['error_message']).toBe('[0].event.event_name: expected a string, got 7.');
  });

  it.each([
    ['NUL', 'a\u0000@example.com'],
    ['a lone high surrogate', 'a\uD800@example.com'],
    ['a lone low surrogate', '\uDC00a@example.com'],
  ])('a string with %s → 400 invalid_field naming it', async (_, email) => {
    const { sdk } = testApp();
    const body = await expectEnvelope(
      await sdk('/users/search', { body: JSON.stringify({ email }) }),
      400,
      'invalid_field',
    );
    expect(body['error_message']).toBe('email: contains a character that is not allowed.');
  });

  it('refuses NUL anywhere in free-form JSON too, keys included', async () => {
    const { sdk } = testApp();
    const entry = (details: unknown) => ({
      event: { public_token: TEST_TOKEN, event_name: 'x', details },
    });
    for (const details of [{ note: ['ok', 'a\u0000'] }, { 'k\u0000': 1 }]) {
      const body = await expectEnvelope(
        await sdk('/events', { body: JSON.stringify([entry(details)]) }),
        400,
        'invalid_field',
      );
      expect(body['error_message']).toMatch(
        /^\[0\]\.event\.details.*: contains a character that is not allowed\.$/,
      );
    }
  });

  it('keeps a surrogate pair (an emoji) as the character it is', async () => {
    // Storage answers nothing: only the validation is under test.
    const { sdk } = testApp({ db: { ...unusedDb, query: () => Promise.resolve([]) }, limiter: noLimits });
    const smile = '\uD83D\uDE00';
    const entry = { event: { public_token: TEST_TOKEN, event_name: smile, details: { [smile]: smile } } };
    expect((await sdk('/events', { body: JSON.stringify([entry]) })).status).toBe(200);
  });

  it('an oversized body → 413 bad_request', async () => {
    const { sdk } = testApp();
    await expectEnvelope(await sdk('/events', { body: `[${'0,'.repeat(200_000)}0]` }), 413, 'bad_request');
  });

  it('no Authorization → 401 unauthorized_credentials; unknown token → 401 invalid_public_token', async () => {
    const { app, sdk } = testApp();
    await expectEnvelope(
      await app.request('/sdk/v1/events', { method: 'POST', body: '[]' }),
      401,
      'unauthorized_credentials',
    );
    await expectEnvelope(
      await sdk('/events', { body: '[]', token: 'public-token-test-nope' }),
      401,
      'invalid_public_token',
    );
    await expectEnvelope(
      await sdk('/projects/bootstrap/public-token-test-nope', { method: 'GET' }),
      401,
      'invalid_public_token',
    );
  });

  it('an unexpected exception → 500 internal_server_error, logged, the server keeps answering', async () => {
    const { sdk, logger } = testApp(); // its database rejects every query
    const entry = { telemetry: {}, event: { public_token: TEST_TOKEN, event_name: 'x', details: {} } };
    const response = await sdk('/events', { body: JSON.stringify([entry]) });
    const body = await expectEnvelope(response, 500, 'internal_server_error');
    expect(body['error_message']).not.toContain('database');
    expect(logger.errors).toEqual([expect.stringContaining('request failed Error: ')]);
    expect((await sdk(`/projects/bootstrap/${TEST_TOKEN}`, { method: 'GET' })).status).toBe(200);
  });

  it('logs a 500 as one bounded line without the SQL or its parameters', async () => {
    // A database error as drivers throw it: the statement and its parameters ride along.
    const failure = Object.assign(new Error(`syntax error ${'near x '.repeat(200)}`), {
      query: 'INSERT INTO events VALUES ($1)',
      params: ['visitor-secret@example.com'],
    });
    const failing: Db = { ...unusedDb, query: () => Promise.reject(failure) };
    const { sdk, logger } = testApp({ db: failing, limiter: noLimits });
    const entry = { telemetry: {}, event: { public_token: TEST_TOKEN, event_name: 'x', details: {} } };
    expect((await sdk('/events', { body: JSON.stringify([entry]) })).status).toBe(500);
    const [line = ''] = logger.errors;
    expect(logger.errors).toHaveLength(1);
    expect(line).toContain('Error: syntax error');
    expect(line).not.toContain('visitor-secret');
    expect(line).not.toContain('INSERT INTO');
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThan(1600);
  });
});
