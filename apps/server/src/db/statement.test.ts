import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases, useFreshDatabase } from '../test/databases';
import type { Database } from './client';
import { Statement, slot } from './statement';

const sum = new Statement(
  sql`select ${slot('a')}::int + ${slot('b')}::int as n, ${'fixed'}::text as word, ${slot('a')}::int as a`,
);

describeOnDatabases('a statement compiled once', (target) => {
  const database = useFreshDatabase(target);

  it('fills its slots at each call, a slot used twice included, and keeps fixed values', async () => {
    expect(await sum.rows(database().db, { a: 2, b: 3 })).toEqual([{ n: 5, word: 'fixed', a: 2 }]);
    expect(await sum.rows(database().db, { a: 40, b: 2 })).toEqual([
      { n: 42, word: 'fixed', a: 40 },
    ]);
  });

  it('runs inside a transaction on that transaction, whose rollback undoes it', async () => {
    await database().db.execute(sql`create table statement_probe (n int)`);
    const insert = new Statement(
      sql`insert into statement_probe (n) values (${slot('n')}) returning n`,
    );
    const counting = new Statement(sql`select count(*)::int as n from statement_probe`);
    const count = async (db: Database['db']) => (await counting.rows<{ n: number }>(db, {}))[0]?.n;
    await expect(
      database().db.transaction(async (tx) => {
        expect(await insert.rows(tx, { n: 1 })).toEqual([{ n: 1 }]);
        expect(await count(tx)).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count(database().db)).toBe(0);
    await insert.rows(database().db, { n: 2 });
    expect(await count(database().db)).toBe(1);
  });

  it('refuses a call that leaves a slot without a value, before sending anything', async () => {
    await expect(sum.rows(database().db, { a: 1 })).rejects.toThrow('no value for b');
  });
});
