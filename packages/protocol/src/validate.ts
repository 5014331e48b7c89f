/**
 * A small runtime validator for values that cross the channel. penpal checks only the message
 * envelope, so every method argument is parsed with one of these before it is used.
 * Kept tiny on purpose: it ships in the loader, where every byte lands on every host page.
 */

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Schema<T> {
  parse(value: unknown, path?: string): Result<T>;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = (path: string, expected: string, value: unknown): Result<never> => ({
  ok: false,
  error: `${path || 'value'}: expected ${expected}, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`,
});

export const string = (maxLength = 4096): Schema<string> => ({
  parse: (v, p = '') =>
    typeof v === 'string'
      ? v.length <= maxLength
        ? ok(v)
        : { ok: false, error: `${p || 'value'}: longer than ${maxLength} characters` }
      : fail(p, 'a string', v),
});

export const number = (min = -Infinity, max = Infinity): Schema<number> => ({
  parse: (v, p = '') =>
    typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
      ? ok(v)
      : fail(p, `a number from ${min} to ${max}`, v),
});

export const boolean = (): Schema<boolean> => ({
  parse: (v, p = '') => (typeof v === 'boolean' ? ok(v) : fail(p, 'a boolean', v)),
});

export const oneOf = <const T extends readonly string[]>(values: T): Schema<T[number]> => ({
  parse: (v, p = '') =>
    typeof v === 'string' && values.includes(v)
      ? ok(v as T[number])
      : fail(p, `one of ${values.join(', ')}`, v),
});

export const array = <T>(item: Schema<T>, maxItems = 100): Schema<T[]> => ({
  parse(v, p = '') {
    if (!Array.isArray(v)) return fail(p, 'an array', v);
    if (v.length > maxItems) return { ok: false, error: `${p || 'value'}: more than ${maxItems} items` };
    const out: T[] = [];
    for (let i = 0; i < v.length; i++) {
      const r = item.parse(v[i], `${p}[${i}]`);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok(out);
  },
});

/** A string-keyed record, e.g. the `strings` overrides. */
export const record = <T>(value: Schema<T>, maxKeys = 1000): Schema<Record<string, T>> => ({
  parse(v, p = '') {
    if (!isPlainObject(v)) return fail(p, 'an object', v);
    const keys = Object.keys(v);
    if (keys.length > maxKeys) return { ok: false, error: `${p || 'value'}: more than ${maxKeys} keys` };
    const out: Record<string, T> = {};
    for (const key of keys) {
      const r = value.parse(v[key], p ? `${p}.${key}` : key);
      if (!r.ok) return r;
      out[key] = r.value;
    }
    return ok(out);
  },
});

const OPTIONAL = Symbol('optional');
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly [OPTIONAL]: true;
}
export const optional = <T>(inner: Schema<T>): OptionalSchema<T> => ({
  [OPTIONAL]: true,
  parse: (v, p) => (v === undefined ? ok(undefined) : inner.parse(v, p)),
});

export const nullable = <T>(inner: Schema<T>): Schema<T | null> => ({
  parse: (v, p) => (v === null ? ok(null) : inner.parse(v, p)),
});

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends OptionalSchema<unknown> ? K : never;
}[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined>;
};

/** An object with known keys. Unknown keys are refused, so a typo in a config names itself. */
export const object = <S extends Shape>(shape: S): Schema<ObjectOf<S>> => ({
  parse(v, p = '') {
    if (!isPlainObject(v)) return fail(p, 'an object', v);
    for (const key of Object.keys(v)) {
      if (!(key in shape)) return { ok: false, error: `${p ? `${p}.` : ''}${key}: unknown option` };
    }
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const r = schema.parse(v[key], p ? `${p}.${key}` : key);
      if (!r.ok) return r;
      if (r.value !== undefined) out[key] = r.value;
    }
    return ok(out as ObjectOf<S>);
  },
});

/** Accepts any JSON-like value (event payloads); only checks it is plain data of bounded depth. */
export const json = (maxDepth = 8): Schema<unknown> => ({
  parse(v, p = '') {
    const check = (x: unknown, depth: number): boolean => {
      if (depth > maxDepth) return false;
      if (x === null || typeof x === 'string' || typeof x === 'boolean') return true;
      if (typeof x === 'number') return Number.isFinite(x);
      if (Array.isArray(x)) return x.every((i) => check(i, depth + 1));
      if (isPlainObject(x)) return Object.values(x).every((i) => check(i, depth + 1));
      return false;
    };
    return check(v, 0) ? ok(v) : fail(p, 'plain JSON data', v);
  },
});

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Parses or throws a TypeError naming what was wrong; for method handlers. */
export function expect<T>(schema: Schema<T>, value: unknown, what: string): T {
  const r = schema.parse(value);
  if (!r.ok) throw new TypeError(`Invalid ${what}: ${r.error}`);
  return r.value;
}
