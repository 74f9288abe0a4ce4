import type { EventEmitter } from 'node:events';
import pg from 'pg';
import { PreparedStatementsClient } from './prepared-client';

/**
 * node-postgres's pool, with its clients preparing their statements (PreparedStatementsClient)
 * and two changes the money path needs (docs/performance.md, "Connections"):
 *
 * - A query the database refuses keeps its connection. pg-pool's own `query` closes the
 *   connection on any error, and the money path meets refusals in its everyday work: a posting
 *   that would take a balance below zero (MONEY_NOT_ENOUGH) is one. Each cost a new connection:
 *   a backend forked, a login, every function compiled and statement planned again, some
 *   50–100 ms of PostgreSQL's CPU at once, and a member asking for more than they hold could
 *   make the database do that as fast as they could click. A refusal (an ErrorResponse) leaves
 *   an autocommit connection ready for the next query; only a failed connection is closed.
 * - A connection that fails does not crash the process, idle or checked out (a transaction's):
 *   the pool and every client listen for errors all their lives. The query in flight gets the
 *   error and the pool drops the connection when it comes back.
 * - A connection given back inside a transaction, open or failed, is dropped, whoever held it.
 *   A script with its own BEGIN…COMMIT that the database refuses half-way (pg-boss installing
 *   its schema while another process does) stops there, in an aborted transaction; kept, that
 *   connection would refuse every later query (docs/decisions/0039-jobs.md).
 */
export class Pool extends pg.Pool {
  constructor(config: Omit<pg.PoolConfig, 'Client'>) {
    super({ ...config, Client: PreparedStatementsClient });
    // An idle client that fails (a server restart) is dropped by the pool, which reports it
    // here; the next checkout opens a new one.
    this.on('error', () => {});
    this.on('connect', (client) => {
      client.on('error', () => {});
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): void;
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's connect is a set of overloads.
  override connect(callback?: any): any {
    if (callback) return super.connect(callback);
    return super.connect().then(dropUnlessIdle);
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query is a set of overloads.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof values === 'function' || typeof callback === 'function') {
      return super.query(config, values, callback);
    }
    return this.queryKeepingConnection(config, values);
  }

  private async queryKeepingConnection(
    config: string | pg.QueryConfig,
    values: unknown[] | undefined,
  ): Promise<pg.QueryResult> {
    const client = await this.connect();
    let result: pg.QueryResult;
    try {
      result = await client.query(config, values);
    } catch (error) {
      if (!refusedOnly(error)) {
        client.release(error as Error);
        throw error;
      }
      await readyAgain(client);
      client.release();
      throw error;
    }
    client.release();
    return result;
  }
}

/**
 * Resolves once the server has said it is ready again after a refused query (with the transaction
 * status the release checks): node-postgres answers the refusal before that message comes.
 */
function readyAgain(client: pg.PoolClient): Promise<void> {
  const raw = client as unknown as { readyForQuery: boolean; connection: EventEmitter };
  if (raw.readyForQuery) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['readyForQuery', 'end', 'error']) raw.connection.off(event, done);
      resolve();
    };
    for (const event of ['readyForQuery', 'end', 'error']) raw.connection.once(event, done);
  });
}

/**
 * Makes the client's release drop it when it comes back inside a transaction (ReadyForQuery's
 * status T or E, not I): nothing the next holder runs would do what it says.
 */
function dropUnlessIdle(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  client.release = (error?: Error | boolean) => {
    const status = client.getTransactionStatus();
    // A refused query is answered before the server says it is ready again, with the status:
    // until then nobody can tell whether the connection sits in a failed transaction.
    const ready = (client as unknown as { readyForQuery: boolean }).readyForQuery;
    const inTransaction = !ready || status === 'T' || status === 'E';
    release(
      error ||
        (inTransaction ? new Error(`connection given back in transaction (${status})`) : undefined),
    );
  };
  return client;
}

/**
 * The database answered the query with an error and the session goes on: a constraint, a
 * RAISE, a serialization failure. FATAL and PANIC end the session with it.
 */
function refusedOnly(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError && error.severity !== 'FATAL' && error.severity !== 'PANIC'
  );
}
