/** What every store needs from SQL. The same SQL runs on embedded PGlite and on PostgreSQL. */

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with `$1`-style parameters; answers the rows (use RETURNING for writes). */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}
