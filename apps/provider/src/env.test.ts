import { describe, expect, it } from 'vitest';
import { ConfigError } from './config/loadConfig';
import { readEnv } from './env';

describe('readEnv: DATABASE_URL', () => {
  it('takes a postgres: or postgresql: URL, and PGlite when it is unset or empty', () => {
    for (const url of [
      'postgres://latch:pw@db.internal:5432/latch',
      'postgresql:///latch?host=/run/postgresql',
    ])
      expect(readEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(readEnv({}).databaseUrl).toBeUndefined();
    expect(readEnv({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('stops the start on anything else, without repeating the value (it may hold a password)', () => {
    for (const url of [
      'latch:s3cret@db.internal/latch',
      'mysql://latch:s3cret@db/latch',
      'not a url s3cret',
    ]) {
      const read = () => readEnv({ DATABASE_URL: url });
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(
        /^DATABASE_URL: not a PostgreSQL connection string like "postgres:\/\/user:password@host/,
      );
      expect(read).not.toThrow(/s3cret/);
    }
  });
});
