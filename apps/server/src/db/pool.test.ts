import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/databases';
import { describeWith } from '../test/services';
import { Pool } from './pool';

describeWith('postgres', 'the pool on PostgreSQL', (admin) => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let pool: Pool;
  beforeAll(async () => {
    created = await createPostgresDatabase(admin);
  });
  afterEach(async () => {
    await pool?.end();
  });
  afterAll(async () => {
    await created?.drop();
  });

  const backend = async (): Promise<number | undefined> =>
    (await pool.query('select pg_backend_pid() as pid', [])).rows[0]?.pid;

  /** What a query that is to fail failed with, caught at once (it fails while the test waits). */
  const failure = (error: unknown) => error;

  /** Ends a backend from outside, as a database restart or an administrator would. */
  async function terminate(pid: number | undefined): Promise<void> {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await client.end();
    }
  }

  it('keeps the connection of a query the database refuses, prepared statement and all', async () => {
    pool = new Pool({ connectionString: created.url, max: 1 });
    const before = await backend();
    await expect(pool.query('select 1 / $1::int as n', [0])).rejects.toMatchObject({
      code: '22012',
    });
    await expect(
      pool.query(`do $$ begin raise exception 'no' using errcode = 'WM001'; end $$`),
    ).rejects.toMatchObject({ code: 'WM001' });
    expect(await backend()).toBe(before);
    expect(pool.totalCount).toBe(1);
    expect((await pool.query('select 6 / $1::int as n', [2])).rows).toEqual([{ n: 3 }]);
    expect((await pool.query('select 1 / $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
  });

  it('drops a connection that failed under a query and answers the next on a new one', async () => {
    pool = new Pool({ connectionString: created.url, max: 1 });
    const before = await backend();
    const sleeping = pool.query('select pg_sleep(5)', []).then(() => null, failure);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await terminate(before);
    expect(await sleeping).toBeInstanceOf(Error);
    const after = await backend();
    expect(after).toBeTypeOf('number');
    expect(after).not.toBe(before);
  });

  it('survives a checked-out connection failing, and lets the pool replace it', async () => {
    pool = new Pool({ connectionString: created.url, max: 1 });
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]
      ?.pid;
    const ended = new Promise((resolve) => client.once('end', resolve));
    const sleeping = client.query('select pg_sleep(5)').then(() => null, failure);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await terminate(pid);
    expect(await sleeping).toBeInstanceOf(Error);
    // As a transaction gives its client back after a failure: without the error. The pool
    // knows the connection is gone once node-postgres has seen it end.
    await ended;
    client.release();
    const after = await backend();
    expect(after).toBeTypeOf('number');
    expect(after).not.toBe(pid);
  });

  it('drops a connection a refused script leaves in its failed transaction, and answers the next query', async () => {
    pool = new Pool({ connectionString: created.url, max: 1 });
    const before = await backend();
    // As pg-boss's install script fails when another process installed the schema first.
    await expect(
      pool.query('begin; create table t (n int); select 1 / 0; commit'),
    ).rejects.toMatchObject({ code: '22012' });
    const after = await backend();
    expect(after).toBeTypeOf('number');
    expect(after).not.toBe(before);
    // Nothing of the failed transaction stayed, and the new connection is outside any.
    const tables = await pool.query(
      `select count(*)::int as n from pg_tables where tablename = 't'`,
    );
    expect(tables.rows).toEqual([{ n: 0 }]);
    expect(pool.totalCount).toBe(1);
  });

  it('drops a connection given back inside an open transaction, by a query or its holder', async () => {
    pool = new Pool({ connectionString: created.url, max: 1 });
    const first = await backend();
    await pool.query('begin; select 1');
    const second = await backend();
    expect(second).not.toBe(first);
    const client = await pool.connect();
    await client.query('begin');
    client.release();
    const third = await backend();
    expect(third).not.toBe(second);
    // A connection given back idle stays.
    expect(await backend()).toBe(third);
  });

  it('answers callers that pass a callback as node-postgres does', async () => {
    pool = new Pool({ connectionString: created.url, max: 1 });
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      pool.query('select $1::int as n', [7], (error: Error | undefined, result: pg.QueryResult) =>
        error ? reject(error) : resolve(result.rows),
      );
    });
    expect(rows).toEqual([{ n: 7 }]);
  });
});
