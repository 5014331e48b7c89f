import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { integer, jsonObject, jsonRecord, list } from './fields';
import { hasForbiddenCharacter, text } from './text';

const body = jsonObject({
  email: text({ min: 1 }),
  minutes: v.exactOptional(integer(1, 60)),
  tags: v.exactOptional(list(text()), () => []),
});

const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortEarly: true });
  return result.success
    ? null
    : { message: result.issues[0].message, path: result.issues[0].path?.map((item) => item.key) };
};

describe('request body fields', () => {
  it('keeps known keys, drops unknown ones and fills defaults', () => {
    expect(v.parse(body, { email: 'a@b.c', extra: 1 })).toEqual({ email: 'a@b.c', tags: [] });
  });

  it('says what it expected and what it got, with the path', () => {
    expect(firstIssue(body, { email: 'a', minutes: 0 })).toEqual({
      message: 'expected an integer from 1 to 60, got 0',
      path: ['minutes'],
    });
    expect(firstIssue(body, { email: 'a', tags: ['x', 2] })).toEqual({
      message: 'expected a string, got 2',
      path: ['tags', 1],
    });
    expect(firstIssue(body, { email: '' })).toEqual({ message: 'must not be empty', path: ['email'] });
  });

  it('treats null as a value, not as absent', () => {
    expect(firstIssue(body, { email: 'a', minutes: null })).toMatchObject({ path: ['minutes'] });
  });

  it('does not take an array for an object', () => {
    expect(firstIssue(body, [])).toEqual({ message: 'expected an object, got an array', path: undefined });
  });

  it('checks an array length before its items', () => {
    expect(firstIssue(list(text(), { max: 1 }), [1, 2])).toEqual({
      message: 'more than 1 items',
      path: undefined,
    });
  });

  it('bounds JSON depth', () => {
    const deep = JSON.parse('['.repeat(12) + ']'.repeat(12)) as unknown;
    expect(firstIssue(jsonRecord(), { details: deep })).toMatchObject({ path: ['details'] });
    expect(v.is(jsonRecord(), { a: [1, 'x', null, true] })).toBe(true);
  });
});

describe('hasForbiddenCharacter', () => {
  it('refuses NUL and lone surrogates, keeps pairs', () => {
    expect(hasForbiddenCharacter('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacter('a\uD800')).toBe(true);
    expect(hasForbiddenCharacter('\uDC00a')).toBe(true);
    expect(hasForbiddenCharacter('\uDE00\uD83D')).toBe(true);
    expect(hasForbiddenCharacter('a\uD83D\uDE00b')).toBe(false);
    expect(hasForbiddenCharacter('plain text\t\n')).toBe(false);
  });
});
