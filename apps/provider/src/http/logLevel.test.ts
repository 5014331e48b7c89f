import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/loadConfig';
import { readLogLevel } from './logLevel';

describe('LATCH_LOG_LEVEL', () => {
  it('defaults to info, unset or empty', () => {
    expect(readLogLevel(undefined)).toBe('info');
    expect(readLogLevel('')).toBe('info');
  });

  it('takes any pino level, silent included', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(readLogLevel(level)).toBe(level);
    }
  });

  it('refuses anything else with a ConfigError that lists the levels', () => {
    expect(() => readLogLevel('verbose')).toThrow(ConfigError);
    expect(() => readLogLevel('INFO')).toThrow(
      'LATCH_LOG_LEVEL: "INFO" is not one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});
