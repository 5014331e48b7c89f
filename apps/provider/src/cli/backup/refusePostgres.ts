import { EXIT, type CliIo } from '../Command';

/** PostgreSQL has its own tools; these commands cover only the embedded database. */
export function refusePostgres(command: 'backup' | 'restore', io: CliIo): typeof EXIT.failed {
  const tool = command === 'backup' ? 'pg_dump' : 'pg_restore (or psql for a plain dump)';
  io.err(`latch ${command}: DATABASE_URL points at PostgreSQL: use ${tool} instead (see docs/deployment.md)`);
  return EXIT.failed;
}
