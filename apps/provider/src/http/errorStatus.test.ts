import { readFileSync } from 'node:fs';
import { ERROR_TYPES } from '@latch/api';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from './errorStatus';

const ERRORS_DOC = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');

/** Each table row of docs/errors.md: its error type and the first status its status cell names. */
const documented = new Map(
  [...ERRORS_DOC.matchAll(/^\| (?:\[(\w+)\]\(#\w+\)|<a id="\w+"><\/a>(\w+)) \| (\d{3})\b/gm)].map((m) => [
    m[1] ?? m[2],
    Number(m[3]),
  ]),
);

describe('the error status table', () => {
  it('has a status for every error type of the API, and only those', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_TYPES].sort());
  });

  it('answers what docs/errors.md says, for every type it lists', () => {
    expect([...documented.keys()].sort()).toEqual([...ERROR_TYPES].sort());
    for (const [type, status] of documented)
      expect([type, ERROR_STATUS[type as never]]).toEqual([type, status]);
  });
});
