import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { openMigratedTestDb } from '../../test/testDatabases';
import { json, testApp } from '../../test/testApp';
import { basic, TEST_TOKEN } from '../../test/testConfig';

describe('odd bytes in the URL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb('pglite');
  }, 60_000);
  afterAll(() => db.close());

  const get = (path: string, init: RequestInit = {}) => testApp({ db }).app.request(path, init);

  it('answers 404 for a NUL, bad percent-encoding or an over-long segment in the path, before any query', async () => {
    const paths = [
      '/v1/sessions/jwks/project%00x',
      '/sdk/v1/projects/bootstrap/public-token-test-%00',
      '/frame/assets/%E0%A4%A',
      '/frame/assets/%ED%A0%80.js',
      '/frame/assets/%ZZ.js',
      `/frame/assets/${'a'.repeat(300)}.js`,
      `/v1/sessions/jwks/${'p'.repeat(300)}`,
    ];
    for (const path of paths) {
      const response = await get(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect((await json(response))['error_type']).toBe('not_found');
    }
    const remove = await get('/sdk/v1/users/webauthn_registrations/reg%00', {
      method: 'DELETE',
      headers: { Authorization: basic(TEST_TOKEN, 'session-token') },
    });
    expect(remove.status).toBe(404);
  });

  it('answers 400 invalid_field for a NUL in a query parameter', async () => {
    const response = await get('/dev/inbox.json?to=a%00b');
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      error_type: 'invalid_field',
      error_message: 'to: contains a character that is not allowed.',
    });
  });

  it('lets ordinary encoded paths and queries through', async () => {
    expect((await get('/dev/inbox.json?to=%2B15555550100')).status).toBe(200);
    expect((await get(`/v1/sessions/jwks/${encodeURIComponent('unknown project')}`)).status).toBe(404);
  });
});
