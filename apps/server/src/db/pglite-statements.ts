// Named statements on the embedded database. PGlite's `query` parses, describes and plans its SQL
// afresh at every call, in six round trips into WebAssembly (parse, describe, bind, describe,
// execute, sync): on the hot path's one INSERT that was most of the embedded database's time.
// Here a statement is parsed once under its name, as pg does on PostgreSQL, and each call is one
// round trip: bind, describe, execute and sync in one message. Parameters are written and rows
// read by PGlite's own serializers and parsers, as `query` does.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Runs named statements on `db`. `check` is called before each is sent and before its answer is
 * handed on (the data folder's guard: the same checks as every other statement's). Statements
 * queue like `query`'s: behind any open transaction (Prisma's), one at a time.
 */
export function namedStatements(
  db: PGlite,
  check: () => void,
): <Row extends Record<string, unknown>>(name: string, text: string, params: readonly unknown[]) => Promise<Row[]> {
  /** each statement parsed in this session, and its parameters' type oids */
  const prepared = new Map<string, { text: string; types: number[] }>();

  const prepare = async (name: string, text: string): Promise<number[]> => {
    const known = prepared.get(name);
    if (known) {
      if (known.text !== text) throw new Error(`The statement ${name} was prepared with other SQL.`);
      return known.types;
    }
    const { messages } = await db.execProtocol(
      joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const types = parse.parseDescribeStatementResults(messages);
    prepared.set(name, { text, types });
    return types;
  };

  return async <Row extends Record<string, unknown>>(name: string, text: string, params: readonly unknown[]) => {
    await db._checkReady();
    // Both of `query`'s locks: no statement slips into an open transaction, nor between another's messages.
    return db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        check();
        const types = await prepare(name, text);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const write = db.serializers[types[i]!];
          return write ? write(value) : String(value);
        });
        const { messages } = await db.execProtocol(
          joined([
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        check();
        return (parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as Row[];
      }),
    );
  };
}
