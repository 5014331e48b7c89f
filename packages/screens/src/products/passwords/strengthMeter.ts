/** The zxcvbn meter has four segments. */
export const METER_SEGMENTS = 4;

export interface MeterFill {
  filled: number;
  tone: 'weak' | 'strong';
}

/** Scores 0-1 fill one red segment, 2 two red, 3 three green, 4 four green. */
export function meterFill(score: number): MeterFill {
  const clamped = Math.min(METER_SEGMENTS, Math.max(0, Math.round(score)));
  return { filled: Math.max(1, clamped), tone: clamped >= 3 ? 'strong' : 'weak' };
}
