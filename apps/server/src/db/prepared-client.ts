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

type QueryConfig = {
  text: string;
  name?: string;
  values?: unknown[];
  rowMode?: string;
  types?: unknown;
};

/** The query as a config to name, or null when it stays as it is. */
function parameterised(config: unknown, values: unknown): QueryConfig | null {
  const query: Partial<QueryConfig> | null =
    typeof config === 'string'
      ? { text: config }
      : typeof config === 'object' && config !== null
        ? (config as Partial<QueryConfig>)
        : null;
  if (typeof query?.text !== 'string' || query.name !== undefined) return null;
  const given = Array.isArray(values) ? values : query.values;
  // Without parameters node-postgres uses the simple protocol, which allows several
  // statements in one text (the migrations): those stay as they are.
  return Array.isArray(given) && given.length > 0 ? (query as QueryConfig) : null;
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
    const named = parameterised(config, values);
    const name = named === null ? undefined : statementName(named.text);
    if (named === null || name === undefined) return query(config, values, callback);
    // A literal of one shape rather than a spread: a spread object given a property gets a hidden
    // class of its own on every call in Node 20's V8 (docs/performance.md, "Hidden classes"); and
    // drizzle's configs carry `name: undefined`, which a spread after the name would put back.
    const withName: QueryConfig = {
      name,
      text: named.text,
      values: named.values,
      rowMode: named.rowMode,
      types: named.types,
    };
    return query(withName, values, callback);
  }
}
