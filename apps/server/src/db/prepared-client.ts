import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many distinct query texts one process prepares (docs/decisions/0033-hot-path-round-trips.md).
 * The app's queries are a fixed set; a text beyond this (a list of varying length, say) runs
 * unnamed, as every query did before, so neither this process nor a PostgreSQL backend keeps
 * an unbounded number of statements.
 */
export const PREPARED_TEXTS_MAX = 500;

const names = new Map<string, string>();

/** The statement name of a query text: the same text, the same name, on every connection. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= PREPARED_TEXTS_MAX) return known;
  const name = `w${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

function isParameterised(config: unknown, values: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as Partial<QueryConfig>;
  if (typeof text !== 'string' || name !== undefined) return false;
  const given = Array.isArray(values) ? values : (config as QueryConfig).values;
  // Without parameters node-postgres uses the simple protocol, which allows several
  // statements in one text (the migrations): those stay as they are.
  return Array.isArray(given) && given.length > 0;
}

/**
 * A node-postgres client whose parameterised queries are named prepared statements: parsed
 * and planned once per connection, then only bound and executed. On this project's hot path
 * (a transfer is a handful of short statements) parsing and planning were a third of
 * PostgreSQL's work per request (docs/performance.md). Results and errors are unchanged.
 */
export class PreparedStatementsClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query is a set of overloads.
  override query(config: any, values?: any, callback?: any): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const query = super.query.bind(this) as (...args: any[]) => any;
    if (isParameterised(config, values)) {
      const name = statementName(config.text);
      if (name !== undefined) return query({ ...config, name }, values, callback);
    }
    return query(config, values, callback);
  }
}
