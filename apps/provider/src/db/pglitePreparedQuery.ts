import { parse, protocol, type messages, type PGlite } from '@electric-sql/pglite';
import type { Row } from './Db';
import { statementNames } from './statementNames';

const { serialize } = protocol;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

type Statement = { types: number[]; rowDescription: messages.BackendMessage | undefined };

/** Runs one statement as a named prepared statement, or answers null when it is not to be prepared. */
export type PreparedQuery = (
  sql: string,
  params: readonly unknown[],
  inTransaction: boolean,
) => Promise<Row[]> | null;

/**
 * Named prepared statements on a PGlite instance. `PGlite.query` parses, describes and plans every
 * statement anew (an unnamed statement), and in WASM planning dominates a short statement's cost.
 * Each distinct SQL text is parsed and described once (its
 * parameter types kept for serializing, its result columns for reading rows); later runs only bind
 * and execute, and PostgreSQL's plan cache does the rest. Locking follows `PGlite.query`: the transaction mutex outside a transaction (so no
 * statement slips into another caller's transaction), then the query mutex.
 */
export function pglitePreparedQuery(pg: PGlite): PreparedQuery {
  const nameOf = statementNames();
  const prepared = new Map<string, Statement>();

  async function prepare(name: string, sql: string): Promise<Statement> {
    const { messages } = await pg.execProtocol(
      concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      types: parse.parseDescribeStatementResults(messages),
      // The statement's result columns, kept so each run skips its own Describe round.
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(name, statement);
    return statement;
  }

  return (sql, params, inTransaction) => {
    const name = nameOf(sql);
    if (name === null) return null;
    const run = async (): Promise<Row[]> => {
      const { types, rowDescription } = prepared.get(name) ?? (await prepare(name, sql));
      // As `PGlite.query` serializes: by the parameter's type, else its string form.
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = pg.serializers[types[i] ?? 0];
        return serializer ? serializer(param) : String(param);
      });
      const { messages } = await pg.execProtocol(
        concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
        // Inside a transaction the data reaches the file system at COMMIT, as with `PGlite.query`.
        { syncToFs: !inTransaction },
      );
      const results = parse.parseResults(
        rowDescription ? [rowDescription, ...messages] : messages,
        pg.parsers,
      );
      return (results[0]?.rows ?? []) as Row[];
    };
    return pg
      ._checkReady()
      .then(() =>
        inTransaction
          ? pg._runExclusiveQuery(run)
          : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run)),
      );
  };
}
