import { describe, expect, it } from 'vitest';
import { meterFill } from './strengthMeter';

describe('zxcvbn meter', () => {
  it('maps each score to the four segments of the meter', () => {
    expect([0, 1, 2, 3, 4].map(meterFill)).toEqual([
      { filled: 1, tone: 'weak' },
      { filled: 1, tone: 'weak' },
      { filled: 2, tone: 'weak' },
      { filled: 3, tone: 'strong' },
      { filled: 4, tone: 'strong' },
    ]);
  });

  it('keeps out-of-range scores on the meter', () => {
    expect(meterFill(-2)).toEqual({ filled: 1, tone: 'weak' });
    expect(meterFill(9)).toEqual({ filled: 4, tone: 'strong' });
  });
});
