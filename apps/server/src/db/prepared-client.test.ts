import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/databases';
import { describeWith } from '../test/services';
import { PreparedStatementsClient, statementName } from './prepared-client';

describe('statement names', () => {
  it('are the same for the same text and differ between texts', () => {
    const a = statementName('select $1::int as a');
    expect(a).toBe(statementName('select $1::int as a'));
    expect(a).toMatch(/^w[0-9a-f]{20}$/);
    expect(statementName('select $1::int as b')).not.toBe(a);
  });
});

describeWith('postgres', 'the prepared-statements client on PostgreSQL', (admin) => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    created = await createPostgresDatabase(admin);
    client = new PreparedStatementsClient({ connectionString: created.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await created?.drop();
  });

  const prepared = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements'))
      .rows;

  it('prepares a parameterised query once and answers it like any other', async () => {
    const text = 'select $1::int + 1 as n';
    expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect((await prepared()).filter((p) => p.statement === text)).toHaveLength(1);
  });

  it('prepares a text given as a string with its values, as the pool passes it on', async () => {
    const text = 'select $1::int * 2 as n';
    expect((await client.query(text, [21])).rows).toEqual([{ n: 42 }]);
    expect((await prepared()).map((p) => p.statement)).toContain(text);
  });

  it("prepares drizzle's queries, whose configs carry an undefined name and their own parsers", async () => {
    const text = 'select $1::int - 1 as n';
    const types = { getTypeParser: () => (value: string) => `parsed ${value}` };
    const drizzleShaped = { name: undefined, text, types };
    expect((await client.query(drizzleShaped, [43])).rows).toEqual([{ n: 'parsed 42' }]);
    expect((await client.query(drizzleShaped, [8])).rows).toEqual([{ n: 'parsed 7' }]);
    expect((await prepared()).filter((p) => p.statement === text)).toHaveLength(1);
  });

  it('leaves a query without parameters alone, several statements in one text included', async () => {
    await client.query('create table t (n int); insert into t values (1)');
    expect((await client.query('select n from t')).rows).toEqual([{ n: 1 }]);
    expect((await prepared()).map((p) => p.statement)).not.toContain('select n from t');
  });

  it('reports an error in a prepared query as node-postgres does, and goes on', async () => {
    await expect(client.query('select 1 / $1::int', [0])).rejects.toMatchObject({
      code: '22012',
    });
    expect((await client.query('select 6 / $1::int as n', [2])).rows).toEqual([{ n: 3 }]);
  });
});
