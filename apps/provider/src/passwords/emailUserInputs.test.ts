import { describe, expect, it } from 'vitest';
import { emailUserInputs } from './emailUserInputs';

describe('emailUserInputs', () => {
  it('splits the local part and the domain labels', () => {
    expect(emailUserInputs('Alice.Smith+news@mail.Example.com')).toEqual([
      'alice.smith+news',
      'alice',
      'smith',
      'news',
      'alicesmithnews',
      'mail',
      'example',
      'com',
    ]);
  });

  it('is empty without an email and tolerates a missing @', () => {
    expect(emailUserInputs(undefined)).toEqual([]);
    expect(emailUserInputs('')).toEqual([]);
    expect(emailUserInputs('bob')).toEqual(['bob']);
  });
});
