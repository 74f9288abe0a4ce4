import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases, useFreshDatabase } from '../../test/databases';
import { roundTotals } from './rounds.repository';

describeOnDatabases('the totals of rounds', (target) => {
  const database = useFreshDatabase(target);

  it('takes what the lost rounds lost and the stakes of the won rounds', async () => {
    const rounds = sql`select * from (values
      (10000::bigint, 0::bigint), (10000, 2500), (4000, 9000), (5000, 5000)) as v(bet, win)`;
    expect(await roundTotals(database().db, rounds)).toEqual({ lost: 17_500, wonStakes: 4_000 });
  });

  it('is zero for no rounds', async () => {
    const none = sql`select 1::bigint as bet, 1::bigint as win where false`;
    expect(await roundTotals(database().db, none)).toEqual({ lost: 0, wonStakes: 0 });
  });
});
