import { describe, expect, it } from 'vitest';
import { authKitFor, PROJECT_ID, PROJECT_SECRET } from '../../test/authTestKit';
import { basic, LIVE_TOKEN } from '../../test/testConfig';
import { DB_KINDS } from '../../test/testDatabases';
import { linkProviderAccount } from '../oauth/providerAccounts';
import { insertRegistration } from '../passkeys/registrations';
import { attachWallet } from '../wallets/walletStore';

type Json = Record<string, unknown>;
type UserJson = {
  user_id: string;
  created_at: string;
  status: string;
  name: Json;
  emails: { email_id: string; email: string; verified: boolean }[];
  phone_numbers: { phone_id: string }[];
  webauthn_registrations: { webauthn_registration_id: string }[];
  crypto_wallets: { crypto_wallet_id: string }[];
  providers: { oauth_user_registration_id: string }[];
  trusted_metadata: Json;
  untrusted_metadata: Json;
};

let n = 0;
const freshEmail = (what: string) => `${what}${++n}-${Date.now()}@example.com`;
const freshPhone = () => `+1555${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 12);
const TEST_PROJECT = { project_id: PROJECT_ID, test: true, webhooks: [] };

describe.each(DB_KINDS)('backend users API on %s', (kind) => {
  const kit = authKitFor(kind);

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    authorization = basic(PROJECT_ID, PROJECT_SECRET),
  ) => {
    const response = await kit.app.request(path, {
      method,
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await call(method, path, body);
    if (r.status !== 200)
      throw new Error(
        `${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)} ${kit.logger.errors.join('; ')}`,
      );
    expect(r.body).toMatchObject({ status_code: 200, request_id: expect.stringMatching(/^request-id-/) });
    expect(r.body['data']).toBeUndefined();
    return r.body;
  };
  const create = async (body: Json) => (await ok('POST', '/v1/users', body)) as Json & { user: UserJson };

  it('creates a user with a name and metadata, reads it flat, and refuses a duplicate', async () => {
    const email = freshEmail('create');
    const created = await create({
      email,
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
      create_user_as_pending: true,
    });
    expect(created).toMatchObject({ status: 'pending', phone_id: '' });
    expect(created.user).toMatchObject({
      name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
      emails: [{ email_id: created['email_id'], email, verified: false }],
    });
    const read = await ok('GET', `/v1/users/${created.user.user_id}`);
    expect(read).toMatchObject({
      user_id: created.user.user_id,
      status: 'pending',
      emails: created.user.emails,
    });

    const duplicate = await call('POST', '/v1/users', { email: email.toUpperCase() });
    expect([duplicate.status, duplicate.body['error_type']]).toEqual([400, 'duplicate_email']);
    const phone = freshPhone();
    await create({ phone_number: phone });
    const dupPhone = await call('POST', '/v1/users', { email: freshEmail('other'), phone_number: phone });
    expect([dupPhone.status, dupPhone.body['error_type']]).toEqual([400, 'duplicate_phone_number']);
    // The refused create left nothing behind: its email is still free.
    const search = await ok('POST', '/v1/users/search', {
      query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] },
    });
    expect((search['results'] as unknown[]).length).toBe(1);
  });

  it('refuses bad bodies with the error shape, never a 500', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'invalid_field'],
      [{ email: 'not-an-email' }, 400, 'invalid_email'],
      [{ phone_number: '555' }, 400, 'invalid_phone_number'],
      [{ email: 5 }, 400, 'invalid_field'],
      [{ email: freshEmail('x'), trusted_metadata: [1, 2] }, 400, 'invalid_field'],
      ['{"email":', 400, 'invalid_json'],
      [[], 400, 'bad_request'],
      // Not implemented: refused rather than dropped, so no caller believes roles were stored.
      [{ email: freshEmail('x'), roles: ['admin'] }, 400, 'invalid_field'],
    ];
    for (const [body, status, type] of cases) {
      const r = await call('POST', '/v1/users', body);
      expect([r.status, r.body['error_type']], JSON.stringify(body)).toEqual([status, type]);
      expect(r.body).toMatchObject({
        status_code: status,
        request_id: expect.stringMatching(/^request-id-/),
        error_message: expect.any(String),
        error_url: `https://latch.dev/docs/errors#${type}`,
      });
    }
  });

  it('updates the name and metadata: given keys replace, null removes, absent stay', async () => {
    const { user } = await create({
      email: freshEmail('update'),
      name: { first_name: 'Grace', last_name: 'Hopper' },
      trusted_metadata: { plan: 'pro', seats: 3 },
      untrusted_metadata: { theme: 'dark', nested: { a: 1 } },
    });
    const updated = await ok('PUT', `/v1/users/${user.user_id}`, {
      name: { middle_name: 'Brewster' },
      trusted_metadata: { seats: null, region: 'eu' },
      untrusted_metadata: { nested: { b: 2 } },
    });
    expect(updated['user']).toMatchObject({
      name: { first_name: 'Grace', middle_name: 'Brewster', last_name: 'Hopper' },
      trusted_metadata: { plan: 'pro', region: 'eu' },
      untrusted_metadata: { theme: 'dark', nested: { b: 2 } },
    });
    expect((updated['user'] as UserJson).trusted_metadata).not.toHaveProperty('seats');
    expect(updated['emails']).toEqual(user.emails);
    const unknown = await call('PUT', '/v1/users/user-test-00000000-0000-4000-8000-000000000000', {});
    expect([unknown.status, unknown.body['error_type']]).toEqual([404, 'user_not_found']);
  });

  it("never shows or changes another project's user", async () => {
    const { user } = await create({ email: freshEmail('mine') });
    const live = basic('project-live-22222222-2222-4222-8222-222222222222', 'secret-test-0123456789abcdef');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { trusted_metadata: { x: 1 } }],
      ['DELETE', undefined],
    ] as const) {
      const r = await call(method, `/v1/users/${user.user_id}`, body, live);
      expect([r.status, r.body['error_type']]).toEqual([404, 'user_not_found']);
    }
    const asPublicToken = await call('GET', `/v1/users/${user.user_id}`, undefined, basic(LIVE_TOKEN));
    expect([asPublicToken.status, asPublicToken.body['error_type']]).toEqual([
      401,
      'invalid_secret_authentication',
    ]);
    expect((await ok('GET', `/v1/users/${user.user_id}`))['user_id']).toBe(user.user_id);
  });

  it('searches by email, phone, status and creation time, AND and OR, page by page', async () => {
    const tag = `search${Date.now()}`;
    const start = new Date(Date.now() - 1000).toISOString();
    const a = (await create({ email: `${tag}-a@example.com` })).user;
    const phone = freshPhone();
    const b = (
      await create({ email: `${tag}-b@example.com`, phone_number: phone, create_user_as_pending: true })
    ).user;
    const c = (await create({ email: `${tag}-c@example.com` })).user;
    // Results come oldest first, then by user id: two creations in the same millisecond (which
    // happens on a fast machine) are listed by id, not by the order this test made them.
    const byAge = [a, b, c]
      .sort((x, y) => Date.parse(x.created_at) - Date.parse(y.created_at) || (x.user_id < y.user_id ? -1 : 1))
      .map((u) => u.user_id);
    const inOrder = (...wanted: UserJson[]) => byAge.filter((id) => wanted.some((u) => u.user_id === id));
    const search = async (operator: string, operands: unknown[], extra: Json = {}) => {
      const r = await ok('POST', '/v1/users/search', { query: { operator, operands }, ...extra });
      return r as { results: UserJson[]; results_metadata: { total: number; next_cursor: string | null } };
    };
    const ids = (r: { results: UserJson[] }) => r.results.map((u) => u.user_id);
    const fuzzy = { filter_name: 'email_address_fuzzy', filter_value: tag.toUpperCase() };

    expect(ids(await search('AND', [fuzzy]))).toEqual(inOrder(a, b, c));
    expect(ids(await search('AND', [fuzzy, { filter_name: 'status', filter_value: 'pending' }]))).toEqual([
      b.user_id,
    ]);
    expect(
      ids(
        await search('OR', [
          { filter_name: 'email_address', filter_value: [`${tag}-a@example.com`] },
          { filter_name: 'phone_number', filter_value: [phone] },
        ]),
      ),
    ).toEqual(inOrder(a, b));
    expect(
      ids(await search('AND', [{ filter_name: 'phone_number_fuzzy', filter_value: phone.slice(2) }])),
    ).toContain(b.user_id);
    expect(
      ids(await search('AND', [{ filter_name: 'email_id', filter_value: [c.emails[0]?.email_id] }])),
    ).toEqual([c.user_id]);
    expect(ids(await search('AND', [fuzzy, { filter_name: 'email_verified', filter_value: true }]))).toEqual(
      [],
    );
    expect(
      ids(
        await search('AND', [
          fuzzy,
          {
            filter_name: 'created_at_between',
            filter_value: { greater_than: start, less_than: new Date(Date.now() + 1000).toISOString() },
          },
        ]),
      ),
    ).toEqual(inOrder(a, b, c));
    expect(
      ids(await search('AND', [fuzzy, { filter_name: 'created_at_less_than', filter_value: start }])),
    ).toEqual([]);
    expect(
      ids(await search('AND', [fuzzy, { filter_name: 'created_at_greater_than', filter_value: start }])),
    ).toHaveLength(3);

    // Two per page: the cursor walks the three in order, the last page has none.
    const first = await search('AND', [fuzzy], { limit: 2 });
    expect([ids(first), first.results_metadata.total]).toEqual([byAge.slice(0, 2), 3]);
    const next = await search('AND', [fuzzy], { limit: 2, cursor: first.results_metadata.next_cursor });
    expect([ids(next), next.results_metadata.next_cursor]).toEqual([byAge.slice(2), null]);
    // The % and _ of a fuzzy value match themselves only.
    expect(
      ids(await search('AND', [{ filter_name: 'email_address_fuzzy', filter_value: `${tag}%` }])),
    ).toEqual([]);
  });

  it('refuses an unknown filter, a bad value, a bad cursor and a bad limit', async () => {
    const bad: [unknown, string][] = [
      [
        { query: { operator: 'AND', operands: [{ filter_name: 'favourite_colour', filter_value: 'red' }] } },
        'invalid_field',
      ],
      [
        { query: { operator: 'AND', operands: [{ filter_name: 'status', filter_value: 'banned' }] } },
        'invalid_field',
      ],
      [
        {
          query: {
            operator: 'AND',
            operands: [{ filter_name: 'created_at_greater_than', filter_value: 'yesterday' }],
          },
        },
        'invalid_field',
      ],
      [
        { query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: 'a@b.co' }] } },
        'invalid_field',
      ],
      [{ query: { operator: 'XOR', operands: [] } }, 'invalid_field'],
      [{ query: { operands: [] } }, 'missing_field'],
      [{ cursor: 'not-a-cursor' }, 'invalid_field'],
      [{ cursor: Buffer.from('["1e99","x"]').toString('base64url') }, 'invalid_field'],
      [{ limit: 0 }, 'invalid_field'],
      [{ limit: 1001 }, 'invalid_field'],
    ];
    for (const [body, type] of bad) {
      const r = await call('POST', '/v1/users/search', body);
      expect([r.status, r.body['error_type']], JSON.stringify(body)).toEqual([400, type]);
    }
    const unknown = await call('POST', '/v1/users/search', {
      query: { operator: 'AND', operands: [{ filter_name: 'favourite_colour', filter_value: 'red' }] },
    });
    expect(unknown.body['error_message']).toContain('email_address');
  });

  it("deletes a user's email, phone number, passkey, wallet and OAuth account, then the user", async () => {
    const phone = freshPhone();
    const { user } = await create({ email: freshEmail('factors'), phone_number: phone });
    const { db } = kit;
    const passkey = await insertRegistration(db, TEST_PROJECT, {
      userId: user.user_id,
      credentialId: `cred-${Date.now()}`,
      publicKey: new Uint8Array([1, 2, 3]),
      counter: 0,
      transports: [],
      aaguid: '00000000-0000-0000-0000-000000000000',
      rpId: 'localhost',
      userAgent: 'test',
      authenticatorType: 'platform',
      name: 'Passkey',
      backedUp: false,
      now: new Date(),
    });
    await attachWallet(db, TEST_PROJECT, {
      userId: user.user_id,
      type: 'ethereum',
      address: `0x${Date.now().toString(16).padStart(40, '0')}`,
    });
    await linkProviderAccount(db, TEST_PROJECT, {
      userId: user.user_id,
      providerType: 'google',
      providerSubject: `sub-${Date.now()}`,
      emailId: null,
    });
    const full = (await ok('GET', `/v1/users/${user.user_id}`)) as unknown as UserJson;
    const paths = [
      ['emails', full.emails[0]?.email_id, 'email_not_found'],
      ['phone_numbers', full.phone_numbers[0]?.phone_id, 'phone_number_not_found'],
      ['webauthn_registrations', passkey?.webauthn_registration_id, 'webauthn_registration_not_found'],
      ['crypto_wallets', full.crypto_wallets[0]?.crypto_wallet_id, 'crypto_wallet_not_found'],
      ['oauth', full.providers[0]?.oauth_user_registration_id, 'oauth_user_registration_not_found'],
    ] as const;
    for (const [path, id, notFound] of paths) {
      expect(id, path).toBeTruthy();
      const deleted = await ok('DELETE', `/v1/users/${path}/${id}`);
      expect(deleted['user_id']).toBe(user.user_id);
      const again = await call('DELETE', `/v1/users/${path}/${id}`);
      expect([again.status, again.body['error_type']], path).toEqual([404, notFound]);
    }
    const bare = (await ok('GET', `/v1/users/${user.user_id}`)) as unknown as UserJson;
    expect([
      bare.emails,
      bare.phone_numbers,
      bare.webauthn_registrations,
      bare.crypto_wallets,
      bare.providers,
    ]).toEqual([[], [], [], [], []]);

    expect(await ok('DELETE', `/v1/users/${user.user_id}`)).toMatchObject({ user_id: user.user_id });
    const gone = await call('GET', `/v1/users/${user.user_id}`);
    expect([gone.status, gone.body['error_type']]).toEqual([404, 'user_not_found']);
    const twice = await call('DELETE', `/v1/users/${user.user_id}`);
    expect([twice.status, twice.body['error_type']]).toEqual([404, 'user_not_found']);
  });

  it('deleting a user ends its sessions', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail('deleted'));
    await ok('DELETE', `/v1/users/${String(signedIn['user_id'])}`);
    const check = await kit.backend({ session_token: signedIn['session_token'] });
    expect([check.status, check.body['error_type']]).toEqual([404, 'session_not_found']);
  });
});
