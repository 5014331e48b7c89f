import { describe, expect, it } from 'vitest';
import { sessionDuration } from './sessionDuration';

describe('session duration', () => {
  it('is 30 minutes unless configured', () => {
    expect(sessionDuration({ products: [] })).toBe(30);
    expect(sessionDuration({ products: [], sessionOptions: { sessionDurationMinutes: 90 } })).toBe(90);
  });
});
