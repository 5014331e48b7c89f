import { describe, expect, it } from 'vitest';
import { postgresTarget } from './postgresTarget';

describe('postgresTarget', () => {
  it('takes a Unix socket folder out of the URL, as libpq names it', () => {
    expect(
      postgresTarget('postgres://latch:pw@localhost:5433/latch?host=%2Frun%2Fpostgresql&sslmode=disable'),
    ).toEqual({
      url: 'postgres://latch:pw@localhost:5433/latch?sslmode=disable',
      socketFolder: '/run/postgresql',
    });
    // libpq's shortest form: no host in the authority at all.
    expect(postgresTarget('postgresql:///latch?host=/var/run/postgresql')).toEqual({
      url: 'postgresql:///latch',
      socketFolder: '/var/run/postgresql',
    });
  });

  it('leaves a TCP URL, a host that is not a path and an unparsable string as they are', () => {
    for (const url of [
      'postgres://latch:pw@db.internal:5432/latch',
      'postgres://latch@db.internal/latch?host=other.internal',
      'not a url',
    ])
      expect(postgresTarget(url)).toEqual({ url });
  });
});
