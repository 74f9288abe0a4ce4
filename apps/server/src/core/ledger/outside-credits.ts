import { type Minor, minor } from '@wallet/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { numberFromInt8, Statement, slot } from '../../db/statement';
import type { IdempotencyTicket } from '../idempotency/idempotency';
import type { OperatorKind } from './accounts';
import type { LedgerType, MemberWallet } from './ledger';
import {
  legArrays,
  moneyNotEnough,
  openingValues,
  posting,
  type RawPosting,
  walletOf,
} from './postings';

/**
 * Where money that reaches a member from outside comes from (docs/decisions/0038): the rail it
 * travelled, whose own reference identifies it. A slip and the bank feed report the same bank
 * transfer, so both credit under `bank` with the bank's reference, and it lands once.
 */
export const depositSources = ['sandbox', 'bank', 'qr', 'truemoney'] as const;
/** Rewards (docs/promotions.md), each keyed by the reward's own id. */
export const rewardSources = ['coupon', 'bonus', 'refund', 'invite'] as const;
/**
 * Movements inside a member's money that must happen once: a bonus's end (its bonus wallet to
 * cash when it finishes, to the operator when it is forfeited), keyed by the member bonus's id.
 */
export const internalSources = ['bonus_finish', 'bonus_forfeit'] as const;
/** Balance adjustments staff approved (docs/backoffice.md), keyed by the adjustment's id. */
export const staffSources = ['adjustment'] as const;
export const creditSources = [
  ...depositSources,
  ...rewardSources,
  ...internalSources,
  ...staffSources,
] as const;
export type CreditSource = (typeof creditSources)[number];

/** One side of a once-only movement: an operator account, or one of the member's own. */
export type AccountRef = { operator: OperatorKind } | { member: 'cash' | 'bonus' };

export type OutsideCredit = {
  source: CreditSource;
  /** The source's own id of this money (unique within the source). */
  reference: string;
  memberId: number;
  /** More than zero. */
  amount: Minor;
  currency: string;
  /** The operator account the money comes through, and the member's wallet it goes into. */
  from: OperatorKind;
  into: 'cash' | 'bonus';
  /** The statement's line: its type and from/to labels (the spec's entities). */
  type: LedgerType;
  label: { from: string; to: string };
  providerCode?: string | null;
  description?: Record<string, { description: string }> | null;
};

/**
 * A movement made once per (source, reference) between any two accounts of `credit`'s kinds:
 * `credit` is the one from an operator account into a member's wallet.
 */
export type OnceMovement = Omit<OutsideCredit, 'from' | 'into'> & {
  from: AccountRef;
  to: AccountRef;
};

/**
 * What `credit` answers. `credited`: this call moved the money; otherwise the same (source,
 * reference) had been credited before, to `memberId` with `amount` (which a caller compares with
 * its own: a mismatch is a forged or broken report, for the operator to see).
 */
export type CreditResult = {
  credited: boolean;
  transactionId: number;
  memberId: number;
  amount: Minor;
  /** The member's wallet after the credit, when this call made it. */
  wallet: MemberWallet | undefined;
};

/**
 * The credit's statements, compiled once (db/statement.ts): the credit's row takes the
 * transaction's id, and the opening runs only when the row was inserted.
 */
const statements = {
  credit: new Statement(
    sql`with credit as (
          insert into outside_credits (source, reference, member_id, amount, currency, transaction_id)
          values (${slot('source')}, ${slot('reference')}, ${slot('memberId')}, ${slot('amount')},
            ${slot('currency')}, nextval(pg_get_serial_sequence('ledger_transactions', 'id')))
          on conflict (source, reference) do nothing
          returning member_id, transaction_id)
        select o.id, o.cash, o.bonus from credit,
          lateral ${posting(sql`credit.member_id`, slot('holder'), sql`credit.transaction_id`)} as o`,
  ),
  credited: new Statement(
    sql`select member_id, amount, transaction_id from outside_credits
        where source = ${slot('source')} and reference = ${slot('reference')}`,
  ),
};

/**
 * Moves `movement.amount` from the account `from` to `into` once per (source, reference)
 * (docs/decisions/0038-outside-credits.md): one statement inserts the credit's row, which takes
 * the transaction's id, and opens the transaction only when the row was inserted. A (source,
 * reference) seen before (a replay, or a race another process won) inserts nothing, moves
 * nothing, and answers the first one's row.
 */
export async function moveOnce(
  db: Db,
  movement: OnceMovement,
  accounts: { from: number; into: number },
  ticket: IdempotencyTicket | undefined,
): Promise<CreditResult> {
  const { source, reference, memberId, amount } = movement;
  const legs = legArrays([
    { accountId: accounts.from, amount: -amount },
    { accountId: accounts.into, amount },
  ]);
  const values = openingValues({
    ...legs,
    memberId,
    type: movement.type,
    status: 'success',
    from: movement.label.from,
    to: movement.label.to,
    amount,
    currency: movement.currency,
    providerCode: movement.providerCode ?? null,
    providerRef: null,
    description: movement.description ?? null,
    relaxed: false,
    key: ticket?.key ?? null,
  });
  const [row] = await moneyNotEnough(() =>
    statements.credit.rows<RawPosting & { id: unknown }>(db, {
      ...values,
      source,
      reference,
      memberId,
      holder: ticket?.holder ?? null,
    }),
  );
  if (row) {
    return {
      credited: true,
      transactionId: numberFromInt8(row.id),
      memberId,
      amount,
      wallet: walletOf(row),
    };
  }
  const [earlier] = await statements.credited.rows<{
    member_id: number;
    amount: unknown;
    transaction_id: unknown;
  }>(db, { source, reference });
  if (!earlier) throw new Error(`credit ${source}:${reference} was not recorded`);
  return {
    credited: false,
    transactionId: numberFromInt8(earlier.transaction_id),
    memberId: earlier.member_id,
    amount: minor(numberFromInt8(earlier.amount)),
    wallet: undefined,
  };
}
