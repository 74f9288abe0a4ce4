import { sql } from 'drizzle-orm';
import { depositSources } from '../../core/ledger/outside-credits';
import type { Db } from '../../db/client';
import { numberFromInt8, rows } from '../../db/statement';

export type Deposit = { transactionId: number; memberId: number; amount: number; currency: string };

/**
 * Grants a deposit its coins once: one coin per `deposit_per_coin` of the active wheel in the
 * deposit's currency (none without one). The deposit_rewards row and the coins go in one
 * statement, so a repeat, or two processes at once, add the coins once. Answers the coins this
 * call added (null when the deposit had been rewarded before).
 */
export async function grantDepositCoins(db: Db, deposit: Deposit): Promise<number | null> {
  const [row] = await rows<{ coins: number }>(
    db,
    sql`with wheel as (
          select deposit_per_coin from spinwheels
          where active and currency = ${deposit.currency}
        ),
        granted as (
          insert into deposit_rewards (transaction_id, member_id, coins)
          values (
            ${deposit.transactionId},
            ${deposit.memberId},
            coalesce((select (${deposit.amount}::bigint / deposit_per_coin)::int from wheel), 0)
          )
          on conflict (transaction_id) do nothing
          returning member_id, coins
        ),
        added as (
          update members set coin = members.coin + granted.coins
          from granted where members.id = granted.member_id and granted.coins > 0
        )
        select coins from granted`,
  );
  return row ? row.coins : null;
}

/** The credits that are deposits (rewards are not). */
const depositSourceList = sql.join(
  depositSources.map((source) => sql`${source}`),
  sql`, `,
);

/**
 * Deposits of the last day that have no reward row yet and are older than `graceMs` (their own
 * request is done with them): a process died between the credit and its reward.
 */
export async function listUnrewardedDeposits(db: Db, graceMs: number): Promise<Deposit[]> {
  const found = await rows<{
    transaction_id: unknown;
    member_id: number;
    amount: unknown;
    currency: string;
  }>(
    db,
    sql`select c.transaction_id, c.member_id, c.amount, c.currency
        from outside_credits c
        left join deposit_rewards r on r.transaction_id = c.transaction_id
        where c.source in (${depositSourceList})
          and r.transaction_id is null
          and c.created_at > now() - interval '1 day'
          and c.created_at < now() - make_interval(secs => ${graceMs / 1000})
        order by c.id
        limit 200`,
  );
  return found.map((r) => ({
    transactionId: numberFromInt8(r.transaction_id),
    memberId: r.member_id,
    amount: numberFromInt8(r.amount),
    currency: r.currency,
  }));
}
