import { expected, invalid, ok, type Schema } from './schema';

export const string = ({ min = 0, max = 4096 }: { min?: number; max?: number } = {}): Schema<string> => ({
  parse(v, p) {
    if (typeof v !== 'string') return expected(p, 'a string', v);
    if (v.length < min) return invalid(p, min === 1 ? 'must not be empty' : `shorter than ${min} characters`);
    if (v.length > max) return invalid(p, `longer than ${max} characters`);
    return ok(v);
  },
});

export const integer = (min = 0, max = Number.MAX_SAFE_INTEGER): Schema<number> => ({
  parse: (v, p) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? ok(v)
      : expected(p, `an integer from ${min} to ${max}`, v),
});

export const boolean = (): Schema<boolean> => ({
  parse: (v, p) => (typeof v === 'boolean' ? ok(v) : expected(p, 'true or false', v)),
});

export const oneOf = <const T extends readonly string[]>(values: T): Schema<T[number]> => ({
  parse: (v, p) =>
    typeof v === 'string' && values.includes(v)
      ? ok(v as T[number])
      : expected(p, `one of ${values.join(', ')}`, v),
});

/** A string that must also pass `check`, which returns an error message or null. */
export const refine = <T>(inner: Schema<T>, check: (value: T) => string | null): Schema<T> => ({
  parse(v, p) {
    const r = inner.parse(v, p);
    if (!r.ok) return r;
    const problem = check(r.value);
    return problem === null ? r : invalid(p, problem);
  },
});

/** Any plain JSON value of bounded depth (event payloads, metadata). */
export const json = (maxDepth = 10): Schema<unknown> => ({
  parse(v, p) {
    const check = (x: unknown, depth: number): boolean => {
      if (depth > maxDepth) return false;
      if (x === null || typeof x === 'string' || typeof x === 'boolean') return true;
      if (typeof x === 'number') return Number.isFinite(x);
      if (Array.isArray(x)) return x.every((i) => check(i, depth + 1));
      if (typeof x === 'object') return Object.values(x).every((i) => check(i, depth + 1));
      return false;
    };
    return check(v, 0) ? ok(v) : invalid(p, `expected JSON data at most ${maxDepth} levels deep`);
  },
});
