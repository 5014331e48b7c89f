import { describe, expect, it } from 'vitest';
import {
  array,
  boolean,
  expect as expectValid,
  json,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
} from './validate';

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
    const r = schema.parse({ name: 'ok', count: 3, kind: 'a', tags: ['x'], maybe: null });
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
    const r = schema.parse(value);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('refuses non-plain objects such as class instances and arrays', () => {
    expect(schema.parse(new Date()).ok).toBe(false);
    expect(schema.parse([]).ok).toBe(false);
    expect(schema.parse(null).ok).toBe(false);
  });

  it('json() accepts plain data and refuses functions, NaN and deep nesting', () => {
    expect(json().parse({ a: [1, 'x', null, { b: true }] }).ok).toBe(true);
    expect(json().parse({ f: () => 1 }).ok).toBe(false);
    expect(json().parse({ n: Number.POSITIVE_INFINITY }).ok).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 12; i++) deep = [deep];
    expect(json().parse(deep).ok).toBe(false);
  });

  it('expect() throws a TypeError naming what was invalid', () => {
    expect(() => expectValid(object({ a: string() }), { a: 1 }, 'request')).toThrow(
      new TypeError('Invalid request: a: expected a string, got number'),
    );
  });
});
