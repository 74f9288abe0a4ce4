import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nextId, numberFromInt8, rows } from '../../db/statement';
import type { RoundTotals } from './rebate';

/**
 * The rebate's totals of a set of rounds, summed by the database (a member's history can be long):
 * what the lost rounds lost (won back less than the bet), and the stakes of the won rounds (paid
 * back more than the bet). `rounds` is a query whose rows have `bet` and `win`.
 */
export async function roundTotals(db: Db, rounds: SQL): Promise<RoundTotals> {
  const [row] = await rows<TotalsRow>(db, sql`select ${totals} from (${rounds}) as r`);
  return totalsOf(row);
}

type TotalsRow = { lost: unknown; won_stakes: unknown };

function totalsOf(row: TotalsRow | undefined): RoundTotals {
  return { lost: numberFromInt8(row?.lost ?? 0), wonStakes: numberFromInt8(row?.won_stakes ?? 0) };
}

/** The two sums of `roundTotals`, over rows `r` with `bet` and `win`. */
const totals = sql`
  coalesce(sum(case when r.win < r.bet then r.bet - r.win else 0 end), 0) as lost,
  coalesce(sum(case when r.win > r.bet then r.bet else 0 end), 0) as won_stakes`;

/**
 * Counts rounds into a new claim (a refund claim, an invite collection) in one transaction: the
 * claim's id is taken first, `take(id)` marks the rounds not yet counted with it (a conditional
 * update returning their `bet` and `win`, so two claims at once count each round once), `price`
 * turns their totals into the amount, and `record` writes the claim. Nothing is written when the
 * amount is 0 (null).
 */
export async function claimRounds(
  db: Db,
  claim: {
    table: string;
    take: (id: number) => SQL;
    price: (totals: RoundTotals) => number;
    record: (tx: Db, id: number, amount: number) => Promise<void>;
  },
): Promise<{ id: number; amount: number } | null> {
  return db
    .transaction(async (tx) => {
      const id = await nextId(tx, claim.table);
      // A data-modifying WITH must stand at the top of the statement.
      const [row] = await rows<TotalsRow>(
        tx,
        sql`with r as (${claim.take(id)}) select ${totals} from r`,
      );
      const amount = claim.price(totalsOf(row));
      if (amount <= 0) tx.rollback();
      await claim.record(tx, id, amount);
      return { id, amount };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
}
