import { describe, expect, it } from 'vitest';
import { capturingLogger } from '../../test/testApp';

describe('createLogger', () => {
  it('redacts fields named like secrets, should a call site ever log one', () => {
    const logger = capturingLogger();
    logger.info(
      { authorization: 'Basic c2VjcmV0', session_token: 'token-abc', password: 'hunter2', user_id: 'user-1' },
      'oops',
    );
    expect(logger.lines[0]).toMatchObject({
      authorization: '[Redacted]',
      session_token: '[Redacted]',
      password: '[Redacted]',
      user_id: 'user-1',
    });
    expect(logger.text()).not.toMatch(/c2VjcmV0|token-abc|hunter2/);
  });
});
