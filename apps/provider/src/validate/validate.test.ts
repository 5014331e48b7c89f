import { describe, expect, it } from 'vitest';
import { array, defaulted, integer, json, object, optional, string } from '.';

const body = object({
  email: string({ min: 1 }),
  minutes: optional(integer(1, 60)),
  tags: defaulted(array(string()), () => []),
});

describe('validator', () => {
  it('keeps known keys, drops unknown ones in lenient objects and fills defaults', () => {
    expect(body.parse({ email: 'a@b.c', extra: 1 }, '')).toEqual({
      ok: true,
      value: { email: 'a@b.c', tags: [] },
    });
  });

  it('says whether a field is missing or invalid, with its path', () => {
    expect(body.parse({}, '')).toEqual({
      ok: false,
      issue: { kind: 'missing', path: 'email', message: 'is required' },
    });
    expect(body.parse({ email: 'a', minutes: 0 }, '')).toEqual({
      ok: false,
      issue: { kind: 'invalid', path: 'minutes', message: 'expected an integer from 1 to 60, got 0' },
    });
    expect(body.parse({ email: 'a', tags: ['x', 2] }, '')).toMatchObject({
      ok: false,
      issue: { path: 'tags[1]' },
    });
  });

  it('treats null as a value, not as absent', () => {
    expect(body.parse({ email: 'a', minutes: null }, '')).toMatchObject({
      ok: false,
      issue: { kind: 'invalid', path: 'minutes' },
    });
  });

  it('refuses unknown keys in strict objects', () => {
    expect(object({ a: string() }, { strict: true }).parse({ a: 'x', b: 1 }, 'root')).toMatchObject({
      ok: false,
      issue: { path: 'root.b', message: 'unknown key' },
    });
  });

  it('bounds JSON depth', () => {
    const deep = JSON.parse('['.repeat(12) + ']'.repeat(12)) as unknown;
    expect(json(10).parse(deep, 'details').ok).toBe(false);
    expect(json(10).parse({ a: [1, 'x', null, true] }, 'details').ok).toBe(true);
  });
});
