import {
  childPath,
  expected,
  invalid,
  isPlainObject,
  ok,
  type Infer,
  type Result,
  type Schema,
} from './schema';

export const array = <T>(item: Schema<T>, { min = 0, max = 1000 } = {}): Schema<T[]> => ({
  parse(v, p) {
    if (!Array.isArray(v)) return expected(p, 'an array', v);
    if (v.length < min) return invalid(p, `expected at least ${min} item${min === 1 ? '' : 's'}`);
    if (v.length > max) return invalid(p, `more than ${max} items`);
    const out: T[] = [];
    for (let i = 0; i < v.length; i++) {
      const r = item.parse(v[i], childPath(p, i));
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok(out);
  },
});

/** A string-keyed record of one value type. */
export const record = <T>(value: Schema<T>): Schema<Record<string, T>> => ({
  parse(v, p) {
    if (!isPlainObject(v)) return expected(p, 'an object', v);
    const out: Record<string, T> = {};
    for (const [key, item] of Object.entries(v)) {
      const r = value.parse(item, childPath(p, key));
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

const DEFAULTED = Symbol('defaulted');

/** Absent means `fallback`; the parsed object always has the key. */
export const defaulted = <T>(
  inner: Schema<T>,
  fallback: () => T,
): Schema<T> & { readonly [DEFAULTED]: true } => ({
  [DEFAULTED]: true,
  parse: (v, p) => (v === undefined ? ok(fallback()) : inner.parse(v, p)),
});

/** Absent (or undefined) is fine; `null` is not, unless the inner schema allows it. */
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

/**
 * An object with known keys. `strict` refuses unknown keys (config files: a typo names itself);
 * request bodies drop them, since SDK versions send fields we do not read.
 */
export const object = <S extends Shape>(shape: S, { strict = false } = {}): Schema<ObjectOf<S>> => ({
  parse(v, p): Result<ObjectOf<S>> {
    if (!isPlainObject(v)) return expected(p, 'an object', v);
    if (strict) {
      for (const key of Object.keys(v)) {
        if (!(key in shape)) return invalid(childPath(p, key), 'unknown key');
      }
    }
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const path = childPath(p, key);
      const raw = v[key];
      if (raw === undefined && !(OPTIONAL in schema) && !(DEFAULTED in schema)) {
        return { ok: false, issue: { kind: 'missing', path, message: 'is required' } };
      }
      const r = schema.parse(raw, path);
      if (!r.ok) return r;
      if (r.value !== undefined) out[key] = r.value;
    }
    return ok(out as ObjectOf<S>);
  },
});
