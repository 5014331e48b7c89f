import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../http/route';
import { openAuthKit, PROJECT_ID, PROJECT_SECRET, type AuthKit } from '../../test/authTestKit';
import { basic, HOST, TEST_TOKEN } from '../../test/testConfig';
import { SDK_ROUTES } from './sdkRoutes';
import { V1_ROUTES } from './v1Routes';

/**
 * Generated input against every route: whatever arrives, the answer is a 4xx or a success, never a
 * 5xx. Bodies mix the fields the API reads with odd values (NUL, lone surrogates, huge numbers,
 * nesting); path parameters get the same strings. About 4,200 requests per run (70 routes).
 */
const RUNS_PER_ROUTE = 60;

const FIELDS = [
  'email',
  'password',
  'token',
  'profile_id',
  'method_id',
  'phone_number',
  'session_duration_minutes',
  'expiration_minutes',
  'code_verifier',
  'code_challenge',
  'client_id',
  'client_secret',
  'redirect_uri',
  'scopes',
  'consent_granted',
  'public_key_credential',
  'domain',
  'user_id',
  'crypto_wallet_address',
  'crypto_wallet_type',
  'signature',
  'grant_type',
  'code',
  'session_token',
  'session_jwt',
  'event',
  'telemetry',
  'public_token',
  'login_magic_link_url',
  'reset_password_redirect_url',
  'session_id',
  'existing_password',
  'new_password',
  'query',
  'limit',
  'cursor',
  'name',
  'trusted_metadata',
  'untrusted_metadata',
  'create_user_as_pending',
];

const odd = fc.constantFrom('\u0000', '\uD800', '\uDC00', '\uFFFF', '%00', '../', '\u202E', '"', '\\');
const unit = fc.oneof(
  { weight: 1, arbitrary: odd },
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const text = fc.oneof(
  fc.string({ unit, maxLength: 40 }),
  fc.constantFrom(
    'ada@example.com',
    TEST_TOKEN,
    'http://127.0.0.1:3000/authenticate',
    '123456',
    '+15555550100',
  ),
);
const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), text), tie('value'), { maxKeys: 5 }),
  ),
}));
/** A value the route would accept for this field, so the rest of the body gets past validation. */
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.nat(1_000_000).map((n) => `fuzz${n}@example.com`),
  password: fc.constant('plum-Vortex-9-quietly-Anchor'),
  session_duration_minutes: fc.constantFrom(5, 60),
  expiration_minutes: fc.constantFrom(1, 5),
  code_challenge: fc.constant('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
  code_verifier: fc.constant('dBjftJeZ4CVP-mJ92K9qjgiudbNIzxRPOPeTsR0z1cQ'),
  phone_number: fc.constant('+15555550100'),
  redirect_uri: fc.constant('http://127.0.0.1:3000/authenticate'),
  login_magic_link_url: fc.constant('http://127.0.0.1:3000/authenticate'),
  scopes: fc.constant(['openid', 'email']),
  consent_granted: fc.boolean(),
  crypto_wallet_type: fc.constantFrom('ethereum', 'solana'),
  new_password: fc.constant('another-Quiet-river-8'),
  limit: fc.constantFrom(1, 100),
  trusted_metadata: fc.dictionary(text, value, { maxKeys: 3 }),
  query: fc.record({
    operator: fc.constantFrom('AND', 'OR'),
    operands: fc.array(
      fc.record({
        filter_name: fc.constantFrom(
          'email_address',
          'email_address_fuzzy',
          'phone_number_fuzzy',
          'status',
          'created_at_greater_than',
          'created_at_between',
          'user_id',
        ),
        filter_value: value,
      }),
      { maxLength: 3 },
    ),
  }),
};
const fieldValue = (name: string): fc.Arbitrary<unknown> => {
  const plausible = PLAUSIBLE[name] ?? text;
  return fc.oneof(
    { weight: 4, arbitrary: plausible },
    // The accepted value with an odd character in it: the bytes must stop at validation, not storage.
    {
      weight: 3,
      arbitrary: fc
        .tuple(plausible, odd)
        .map(([v, o]) => (typeof v === 'string' ? `${v}${o}` : typeof v === 'number' ? `${v}${o}` : v)),
    },
    { weight: 1, arbitrary: value },
  );
};
const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(Object.fromEntries(FIELDS.map((name) => [name, fieldValue(name)])), {
      requiredKeys: [],
    }),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }) },
  { weight: 1, arbitrary: value },
  { weight: 1, arbitrary: fc.string({ unit, maxLength: 60 }) },
);

/** Path segments, already percent-encoded: every UTF-8 string, and encodings no decoder accepts. */
const segment = fc.oneof(
  fc
    .string({ unit, maxLength: 80 })
    .map((s) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%E0%A4%A', '%ED%A0%80', '%00', '%ZZ', 'a'.repeat(300), 'x'),
);
const withParams = (path: string, encoded: string) => path.replace(/:\w+/g, encoded);

describe('every route under generated input', () => {
  let kit: AuthKit;
  let session = '';
  beforeAll(async () => {
    kit = await openAuthKit('pglite');
    session = String((await kit.signInByMagicLink('fuzz@example.com'))['session_token']);
  }, 60_000);
  afterAll(() => kit?.close());

  const send = (prefix: string, route: Route, raw: unknown, encoded: string, withSession: boolean) => {
    const v1 = prefix === '';
    const form = route.path.includes('oauth2/token');
    const payload =
      typeof raw === 'string'
        ? raw
        : form && raw && typeof raw === 'object'
          ? new URLSearchParams(
              Object.entries(raw).map(([k, v]): [string, string] => [
                k,
                typeof v === 'string' ? v : JSON.stringify(v),
              ]),
            ).toString()
          : JSON.stringify(raw);
    const headers: Record<string, string> = {
      Authorization: v1
        ? basic(PROJECT_ID, PROJECT_SECRET)
        : basic(TEST_TOKEN, withSession ? session : TEST_TOKEN),
      'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      Origin: HOST,
    };
    const hasBody = route.method !== 'GET';
    return kit.app.request(`${prefix}${withParams(route.path, encoded)}`, {
      method: route.method,
      headers,
      ...(hasBody ? { body: payload ?? '' } : {}),
    });
  };

  const routes: [string, Route][] = [
    ...SDK_ROUTES.map((r): [string, Route] => ['/sdk/v1', r]),
    ...V1_ROUTES.map((r): [string, Route] => ['', r]),
  ];
  it.each(routes.map(([prefix, r]) => [`${r.method} ${prefix}${r.path}`, prefix, r] as const))(
    '%s never answers 5xx',
    async (_name, prefix, route) => {
      await fc.assert(
        fc.asyncProperty(body, segment, fc.boolean(), async (raw, segment, withSession) => {
          const response = await send(prefix, route, raw, segment, withSession);
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    60_000,
  );
});
