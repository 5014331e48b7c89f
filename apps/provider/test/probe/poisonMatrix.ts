import fc from 'fast-check';
import { backendBodySchemas, sdkBodySchemas, sdkPathBodySchemas } from '@latch/api';

/** An endpoint of the API as the probes call it. */
export interface ProbeRoute {
  method: string;
  /** The full path, with every `{param}` filled. */
  path: string;
  api: 'sdk' | 'v1';
  schema: unknown;
}

const fill = (path: string) => path.replace(/\{\w+\}/g, 'probe-id');

/** Every SDK and backend API operation with its body schema (null: the route takes no body). */
export const PROBE_ROUTES: readonly ProbeRoute[] = [
  ...Object.entries({ ...sdkBodySchemas, ...sdkPathBodySchemas }).map(([operation, schema]) => {
    const [method = '', path = ''] = operation.split(' ');
    return { method, path: `/sdk/v1${fill(path)}`, api: 'sdk' as const, schema };
  }),
  ...Object.entries(backendBodySchemas).map(([operation, schema]) => {
    const [method = '', path = ''] = operation.split(' ');
    return { method, path: fill(path), api: 'v1' as const, schema };
  }),
];

/** What the walk reads of a Valibot schema: its kind and the parts it wraps. */
interface SchemaNode {
  type: string;
  entries?: Record<string, unknown>;
  wrapped?: unknown;
  item?: unknown;
  pipe?: readonly unknown[];
  options?: readonly unknown[];
}

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The schema a pipe or an optional wraps, down to one that says what the value is. */
function unwrap(schema: unknown): SchemaNode | null {
  if (!isNode(schema)) return null;
  if (schema.wrapped !== undefined) return unwrap(schema.wrapped);
  // `jsonObject` and `list` are pipes whose structural schema comes after a custom type check.
  for (const part of schema.pipe ?? []) {
    if (part === schema) continue;
    const inner = unwrap(part);
    if (inner?.entries || inner?.item || inner?.type === 'record') return inner;
  }
  return schema;
}

export type FieldPath = readonly (string | number)[];

/** Every field a body schema reads: each object key, nested objects' keys and array items included. */
export function fieldPaths(schema: unknown, prefix: FieldPath = []): FieldPath[] {
  const node = unwrap(schema);
  if (!node) return [];
  if (node.entries) {
    return Object.entries(node.entries).flatMap(([key, child]) => {
      const path = [...prefix, key];
      return [path, ...fieldPaths(child, path)];
    });
  }
  if (node.item) return [[...prefix, 0], ...fieldPaths(node.item, [...prefix, 0])];
  return [];
}

/** Values the routes take for fields of these names, so a body gets past its other checks. */
const PLAUSIBLE: Record<string, unknown> = {
  email: 'probe@example.com',
  phone_number: '+15555550100',
  password: 'plum-Vortex-9-quietly-Anchor',
  new_password: 'another-Quiet-river-8',
  existing_password: 'plum-Vortex-9-quietly-Anchor',
  session_duration_minutes: 60,
  expiration_minutes: 5,
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_verifier: 'dBjftJeZ4CVP-mJ92K9qjgiudbNIzxRPOPeTsR0z1cQ',
  login_magic_link_url: 'http://127.0.0.1:3000/authenticate',
  signup_magic_link_url: 'http://127.0.0.1:3000/authenticate',
  reset_password_redirect_url: 'http://127.0.0.1:3000/authenticate',
  redirect_uri: 'http://127.0.0.1:3000/authenticate',
  crypto_wallet_type: 'ethereum',
  crypto_wallet_address: '0xa0cf798816d4b9b9866b5330eea46a18382f251e',
  public_token: 'public-token-test-11111111-1111-4111-8111-111111111111',
  limit: 10,
};

const OPTIONAL = new Set(['optional', 'exact_optional', 'nullish']);

/** A value the schema likely takes (objects with their required keys only): by field name, else by kind. */
export function sampleValue(schema: unknown, name?: string | number): unknown {
  if (typeof name === 'string' && name in PLAUSIBLE) return PLAUSIBLE[name];
  const node = unwrap(schema);
  if (!node) return 'probe';
  if (node.entries) {
    return Object.fromEntries(
      Object.entries(node.entries)
        .filter(([, child]) => !(isNode(child) && OPTIONAL.has(child.type)))
        .map(([key, child]) => [key, sampleValue(child, key)]),
    );
  }
  if (node.item) return [sampleValue(node.item)];
  if (node.type === 'record') return {};
  if (node.options && typeof node.options[0] === 'string') return node.options[0];
  if (node.type === 'number') return 1;
  if (node.type === 'boolean') return true;
  return 'probe';
}

/** A token put into a body's JSON text as is: numbers JSON.stringify cannot write. */
class RawJson {
  constructor(readonly text: string) {}
}

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1) });

/** The values every field gets once: odd characters, huge values, wrong types, injection-looking text. */
export const POISONS: readonly (readonly [string, unknown])[] = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', 'a\uD800'],
  ['lone low surrogate', '\uDC00b'],
  ['U+FFFF and RTL override', '\uFFFF\u202E'],
  ['huge string', 'x'.repeat(100_000)],
  ['empty string', ''],
  ['CRLF', 'a\r\nX-Injected: 1\r\n\r\n'],
  ['URL-ish junk', 'http://[::1/%ZZ/../..\\\\?#@'],
  ['javascript: URL', 'javascript:alert(1)'],
  ['path traversal', '../../../../etc/passwd'],
  ['percent-encoded NUL', '%00'],
  ['huge number', new RawJson('1e999')],
  ['long integer', new RawJson('123456789012345678901234567890')],
  ['negative', -1],
  ['fraction', 1.5],
  ['beyond safe integer', 2 ** 53 + 2],
  ['true', true],
  ['null', null],
  ['empty array', []],
  ['empty object', {}],
  ['array of arrays', [[[['x']]]]],
  ['nested object', nested(40)],
  ['object with odd key', { '\u0000': 1, __proto__x: 2, constructor: 'x' }],
];

/** `body` with `value` at `path` (arrays and objects made as needed). */
function withValue(body: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(body) ? [...(body as unknown[])] : [];
    list[head] = withValue(list[head], rest, value);
    return list;
  }
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {};
  return {
    ...object,
    [head as string]: withValue((object as Record<string, unknown>)[head as string], rest, value),
  };
}

/** JSON text of `body`, with each `RawJson` in it written as its text. */
function toJson(body: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raw.push(value.text);
    return `\u0001raw${raw.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, i: string) => raw[Number(i)] ?? 'null');
}

export interface PoisonCase {
  route: ProbeRoute;
  field: string;
  poison: string;
  body: string;
}

/** The whole matrix: each field of each route that takes a body, with each poison. */
export function poisonCases(): PoisonCase[] {
  const cases: PoisonCase[] = [];
  for (const route of PROBE_ROUTES) {
    if (route.schema === null) continue;
    const base = sampleValue(route.schema);
    for (const path of fieldPaths(route.schema)) {
      for (const [poison, value] of POISONS) {
        cases.push({ route, field: path.join('.'), poison, body: toJson(withValue(base, path, value)) });
      }
    }
  }
  return cases;
}

const oddText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    ...POISONS.map(([, value]) => value).filter((value): value is string => typeof value === 'string'),
  ),
);
const { value: oddJson } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddText,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddText, tie('value'), { maxKeys: 4 }),
  ),
}));

/** `count` generated bodies: a route's sample body with generated values in some of its fields. */
function generatedCases(count: number, seed: number): PoisonCase[] {
  const routes = PROBE_ROUTES.filter((route) => route.schema !== null);
  const generated = fc.tuple(
    fc.nat(routes.length - 1),
    fc.array(fc.tuple(fc.nat(), oddJson), { minLength: 1, maxLength: 3 }),
  );
  return fc.sample(generated, { numRuns: count, seed }).map(([index, changes]) => {
    const route = routes[index] ?? (routes[0] as ProbeRoute);
    const paths = fieldPaths(route.schema);
    let body = sampleValue(route.schema);
    const fields = changes.map(([at, value]) => {
      const path = paths[at % Math.max(1, paths.length)] ?? [];
      body = withValue(body, path, value);
      return path.join('.');
    });
    return { route, field: fields.join(','), poison: 'generated', body: toJson(body) };
  });
}

/**
 * `count` cases: the whole matrix and generated bodies after it when `count` is larger, else a
 * sample that still gives every route, every field and every poison a turn (the matrix taken with
 * a stride that is prime to the number of poisons).
 */
export function samplePoisonCases(count: number, seed = 38): PoisonCase[] {
  const all = poisonCases();
  if (count >= all.length) return [...all, ...generatedCases(count - all.length, seed)];
  const stride = Math.max(1, Math.floor(all.length / count));
  const step = stride % POISONS.length === 0 ? stride + 1 : stride;
  const picked: PoisonCase[] = [];
  for (let i = 0; picked.length < count && i < all.length * step; i += step) {
    const item = all[i % all.length];
    if (item) picked.push(item);
  }
  return picked;
}
