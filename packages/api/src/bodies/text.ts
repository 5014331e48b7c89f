import * as v from 'valibot';
import { expected } from './expected';

/**
 * NUL, which PostgreSQL cannot store in text, and a UTF-16 surrogate without its pair, which is not
 * a character at all and cannot be encoded as UTF-8: no request body string may carry either.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasForbiddenCharacter = (value: string): boolean =>
  value.includes('\u0000') || LONE_SURROGATE.test(value);

export const FORBIDDEN_CHARACTER_MESSAGE = 'contains a character that is not allowed';

/**
 * Every string of a request body: bounded (4096 UTF-16 units unless told), and free of the
 * characters `hasForbiddenCharacter` refuses.
 */
export const text = ({ min = 0, max = 4096 }: { min?: number; max?: number } = {}) =>
  v.pipe(
    v.string(expected('a string')),
    v.minLength(min, min === 1 ? 'must not be empty' : `shorter than ${min} characters`),
    v.maxLength(max, `longer than ${max} characters`),
    v.check((value) => !hasForbiddenCharacter(value), FORBIDDEN_CHARACTER_MESSAGE),
  );
