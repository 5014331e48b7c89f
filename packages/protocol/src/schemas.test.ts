import { describe, expect, it } from 'vitest';
import { array, boolean, json, nullable, number, object, oneOf, optional, record, string } from './schemas';
import { expectValue, readValue } from './readValue';

describe('validators', () => {
  const schema = object({
    name: string(5),
    count: number(0, 10),
    on: optional(boolean()),
    kind: oneOf(['a', 'b']),
    tags: array(string(), 2),
    extra: optional(record(number())),
    maybe: nullable(string()),
  });

  it('accepts a well-formed value and drops absent optionals', () => {
    const r = readValue(schema, { name: 'ok', count: 3, kind: 'a', tags: ['x'], maybe: null });
    expect(r).toEqual({ ok: true, value: { name: 'ok', count: 3, kind: 'a', tags: ['x'], maybe: null } });
  });

  it.each([
    [{ name: 'toolong', count: 1, kind: 'a', tags: [], maybe: null }, 'name: longer than 5 characters'],
    [
      { name: 'x', count: 11, kind: 'a', tags: [], maybe: null },
      'count: expected a number from 0 to 10, got number',
    ],
    [{ name: 'x', count: 1, kind: 'c', tags: [], maybe: null }, 'kind: expected one of a, b, got string'],
    [{ name: 'x', count: 1, kind: 'a', tags: [1], maybe: null }, 'tags[0]: expected a string, got number'],
    [{ name: 'x', count: 1, kind: 'a', tags: ['1', '2', '3'], maybe: null }, 'tags: more than 2 items'],
    [{ name: 'x', count: 1, kind: 'a', tags: [], maybe: null, typo: 1 }, 'typo: unknown option'],
    [
      { name: 'x', count: 1, kind: 'a', tags: [], maybe: null, extra: { a: 'no' } },
      'extra.a: expected a number',
    ],
    [{ name: 'x', count: Number.NaN, kind: 'a', tags: [], maybe: null }, 'count: expected a number'],
  ])('refuses %j naming the path', (value, message) => {
    const r = readValue(schema, value);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('refuses non-plain objects such as class instances and arrays', () => {
    expect(readValue(schema, new Date()).ok).toBe(false);
    expect(readValue(schema, []).ok).toBe(false);
    expect(readValue(schema, null).ok).toBe(false);
  });

  it('refuses an array or a Date where an object of optional keys is expected', () => {
    const options = object({ a: optional(string()) });
    expect(readValue(options, {})).toEqual({ ok: true, value: {} });
    expect(readValue(options, [])).toEqual({ ok: false, error: 'value: expected an object, got array' });
    expect(readValue(options, new Date()).ok).toBe(false);
    expect(readValue(record(string()), [])).toEqual({
      ok: false,
      error: 'value: expected an object, got array',
    });
  });

  it('names a required key that is absent, and counts items and keys before parsing them', () => {
    expect(readValue(schema, { count: 1, kind: 'a', tags: [], maybe: null }, 'request')).toEqual({
      ok: false,
      error: 'request.name: missing',
    });
    expect(readValue(array(string(), 2), [1, 2, 3])).toEqual({
      ok: false,
      error: 'value: more than 2 items',
    });
    expect(readValue(record(string(), 1), { a: 1, b: 2 })).toEqual({
      ok: false,
      error: 'value: more than 1 keys',
    });
  });

  it('json() accepts plain data and refuses functions, NaN and deep nesting', () => {
    expect(readValue(json(), { a: [1, 'x', null, { b: true }] }).ok).toBe(true);
    expect(readValue(json(), { f: () => 1 }).ok).toBe(false);
    expect(readValue(json(), { n: Number.POSITIVE_INFINITY }).ok).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 12; i++) deep = [deep];
    expect(readValue(json(), deep).ok).toBe(false);
  });

  it('expectValue() throws a TypeError naming what was invalid', () => {
    expect(() => expectValue(object({ a: string() }), { a: 1 }, 'request')).toThrow(
      new TypeError('Invalid request: a: expected a string, got number'),
    );
  });
});
