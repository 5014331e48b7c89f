import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { testApp } from '../../test/testApp';
import { basic, HOST, TEST_TOKEN, testProject } from '../../test/testConfig';
import { openMigratedTestDb } from '../../test/testDatabases';

const root = mkdtempSync(join(tmpdir(), 'latch-nosniff-'));
mkdirSync(join(root, 'loader'));
mkdirSync(join(root, 'frame', 'assets'), { recursive: true });
writeFileSync(join(root, 'loader', 'loader.js'), 'var Latch={};');
writeFileSync(join(root, 'frame', 'assets', 'index-abc.css'), 'body{}');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SDK = { Authorization: basic(TEST_TOKEN), 'Content-Type': 'application/json', Origin: HOST };
const PROJECT_ID = testProject().project_id;

/** One request of each kind of answer: JSON, envelopes, HTML, static files, OpenID Connect, dev pages. */
const ANSWERS: [string, string, RequestInit?][] = [
  ['SDK success', `/sdk/v1/projects/bootstrap/${TEST_TOKEN}`],
  ['SDK error envelope', '/sdk/v1/otps/email/login_or_create', { method: 'POST', headers: SDK, body: '{' }],
  ['preflight', '/sdk/v1/otps/email/login_or_create', { method: 'OPTIONS', headers: { Origin: HOST } }],
  ['405', '/sdk/v1/otps/email/login_or_create', { method: 'GET', headers: SDK }],
  ['404', '/nowhere'],
  ['backend API', '/v1/sessions', { headers: { Authorization: basic(PROJECT_ID, 'wrong') } }],
  ['home page', '/'],
  ['frame document', `/frame/login?public_token=${TEST_TOKEN}`],
  ['loader', '/loader.js'],
  ['frame asset', '/frame/assets/index-abc.css'],
  ['OIDC discovery', `/v1/public/${PROJECT_ID}/.well-known/openid-configuration`],
  ['OIDC error page', `/v1/public/${PROJECT_ID}/oauth2/authorize`],
  ['health', '/healthz'],
  ['dev inbox', '/dev/inbox'],
  ['dev JSON', '/dev/projects.json'],
];

describe('X-Content-Type-Options', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb('pglite');
  }, 60_000);
  afterAll(() => db?.close());

  it.each(ANSWERS)('is nosniff on every answer: %s', async (_kind, path, init) => {
    const { app } = testApp({ db, dist: { loaderDir: join(root, 'loader'), frameDir: join(root, 'frame') } });
    const response = await app.request(path, init);
    await response.arrayBuffer();
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
