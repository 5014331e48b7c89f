import { describe, expect, it } from 'vitest';
import { postgresTarget } from './postgresTarget';

describe('postgresTarget', () => {
  it('takes a Unix socket folder out of the URL, as libpq names it', () => {
    expect(
      postgresTarget('postgres://latch:pw@localhost:5433/latch?host=%2Frun%2Fpostgresql&sslmode=disable'),
    ).toEqual({
      url: 'postgres://latch:pw@localhost:5433/latch?sslmode=disable',
      host: '/run/postgresql',
    });
    // libpq's shortest form: no host in the authority at all.
    expect(postgresTarget('postgresql:///latch?host=/var/run/postgresql')).toEqual({
      url: 'postgresql:///latch',
      host: '/var/run/postgresql',
    });
  });

  it("takes a machine named by the host parameter out too: libpq's host overrides the URL's", () => {
    expect(postgresTarget('postgres://latch@db.internal/latch?host=replica.internal')).toEqual({
      url: 'postgres://latch@db.internal/latch',
      host: 'replica.internal',
    });
  });

  it('leaves a URL without the parameter, and an unparsable string, as they are', () => {
    for (const url of ['postgres://latch:pw@db.internal:5432/latch?sslmode=require', 'not a url'])
      expect(postgresTarget(url)).toEqual({ url });
  });
});
