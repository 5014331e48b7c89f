import { describe, expect, it } from 'vitest';
import { describeStorage } from './openDb';

describe('describeStorage', () => {
  it('names the server, socket or folder, never the password', () => {
    const dataDir = '/var/lib/latch';
    expect(describeStorage({ dataDir })).toBe('PGlite in /var/lib/latch/pglite');
    expect(describeStorage({ dataDir, databaseUrl: 'postgres://latch:s3cret@db.internal:5432/latch' })).toBe(
      'PostgreSQL at db.internal:5432/latch',
    );
    expect(
      describeStorage({
        dataDir,
        databaseUrl: 'postgres://latch:s3cret@localhost/latch?host=/run/postgresql',
      }),
    ).toBe('PostgreSQL at the socket in /run/postgresql/latch');
    expect(
      describeStorage({
        dataDir,
        databaseUrl: 'postgres://latch:s3cret@db.internal/latch?host=replica.internal',
      }),
    ).toBe('PostgreSQL at replica.internal/latch');
    expect(describeStorage({ dataDir, databaseUrl: 'latch:s3cret' })).toBe('PostgreSQL (DATABASE_URL)');
  });
});
