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

describe('readEnv: LATCH_METRICS_PORT', () => {
  it('serves no metrics unless set; binds to HOST unless LATCH_METRICS_HOST says otherwise', () => {
    expect(readEnv({}).metrics).toBeUndefined();
    expect(readEnv({ HOST: '10.0.0.5', LATCH_METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
      token: undefined,
    });
    expect(
      readEnv({
        HOST: '127.0.0.1',
        LATCH_METRICS_PORT: '9464',
        LATCH_METRICS_HOST: '10.0.0.5',
        LATCH_METRICS_TOKEN: 't',
      }).metrics,
    ).toEqual({ port: 9464, host: '10.0.0.5', token: 't' });
  });

  it('stops the start on a value that is not a port, or on the public port', () => {
    expect(() => readEnv({ LATCH_METRICS_PORT: 'metrics' })).toThrow(
      'LATCH_METRICS_PORT: "metrics" is not a port number',
    );
    expect(() => readEnv({ PORT: '4000', LATCH_METRICS_PORT: '4000' })).toThrow(
      'LATCH_METRICS_PORT: 4000 is PORT; metrics are served on a port of their own',
    );
  });
});
