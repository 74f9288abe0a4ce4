import { minor } from '@wallet/contract/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/pg-errors';
import { numberFromInt8, rows } from '../../db/statement';
import { DomainError } from '../../lib/domain-error';
import {
  answeringKey,
  claimingKey,
  type IdempotencyTicket,
  KeyTaken,
} from '../idempotency/idempotency';
import type { Leg, MemberWallet, NewLedgerTransaction, SettleAnswer } from './ledger';

/**
 * The postings' statements (ledger_open and ledger_settle in the SQL migrations): the one place
 * money moves. Each is a single statement, atomic on its own or inside the caller's transaction.
 */

/**
 * A posting's legs as ledger_post takes them (docs/decisions/0035-leaner-postings.md): merged
 * into one per account, none zero, in ascending account id. Posting in that order is what
 * keeps two movements that cross from deadlocking; the database refuses any other order.
 */
export function postingLegs(legs: Leg[]): Leg[] {
  const byAccount = new Map<number, number>();
  for (const { accountId, amount } of legs) {
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0) + amount);
  }
  return [...byAccount]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a - b)
    .map(([accountId, amount]) => ({ accountId, amount }));
}

/** The legs as the two array parameters of ledger_open and ledger_settle. */
export function legArrays(legs: Leg[]): { accounts: string; amounts: string } {
  const posted = postingLegs(legs);
  return {
    accounts: intArray(posted.map((l) => l.accountId)),
    amounts: intArray(posted.map((l) => l.amount)),
  };
}

/** A PostgreSQL array literal of integers (one parameter, not a list of them). */
function intArray(values: number[]): string {
  for (const v of values)
    if (!Number.isSafeInteger(v)) throw new RangeError(`not an integer: ${v}`);
  return `{${values.join(',')}}`;
}

/** SQLSTATE WM001 (raised by ledger_post): a member account would go below zero. */
export async function moneyNotEnough<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === 'WM001') throw new DomainError('MONEY_NOT_ENOUGH');
    // The request's key was taken over by a retry (its lease had lapsed): this posting moved
    // nothing, and the request answers as a repeat (docs/decisions/0036).
    if (sqlState(error) === 'WM002') throw new KeyTaken('the request key was taken over');
    throw error;
  }
}

/** What ledger_open and ledger_settle answer besides their own result: the wallet after. */
export type RawPosting = { cash: unknown; bonus: unknown };

/** Undefined for a posting of the operator's accounts alone. */
export function walletOf(row: RawPosting): MemberWallet | undefined {
  return row.cash === null
    ? undefined
    : { cash: minor(numberFromInt8(row.cash)), bonus: minor(numberFromInt8(row.bonus)) };
}

/** What an opening posts: the transaction's row, its legs and the request's key, if any. */
export type Opening = NewLedgerTransaction & {
  accounts: string;
  amounts: string;
  relaxed: boolean;
  /** The request's key rides with every posting made under it (docs/decisions/0036). */
  key: string | null;
};

/**
 * ledger_open's call. `holder` fences a posting under a key claimed earlier; `id` is the id the
 * claiming statement took for the transaction.
 */
export function opening(
  o: Opening,
  memberId: SQL | number | null,
  holder: SQL | string | null,
  id: SQL,
): SQL {
  return sql`ledger_open(${memberId}, ${o.type}, ${o.status}, ${o.from}, ${o.to}, ${o.amount},
      ${o.currency}, ${o.providerCode ?? null}, ${o.providerRef ?? null},
      ${o.description ? JSON.stringify(o.description) : null}::jsonb, ${o.accounts}::integer[],
      ${o.amounts}::bigint[], ${o.relaxed}, ${o.key}, ${holder}, ${id})`;
}

type OpenedRow = RawPosting & { id: unknown };

/**
 * Records a movement and posts its legs. A key not claimed yet is claimed by this posting
 * (docs/decisions/0034): the key's row and the posting in one statement, the posting taking
 * its member from the claimed row, so it runs only when the insert did; a key already taken (a
 * repeat racing this request) gives no row and moves nothing. A key this request holds already
 * fences the posting (ledger_open refuses it once a retry has taken the key over).
 */
export async function open(
  db: Db,
  o: Opening,
  ticket: IdempotencyTicket | undefined,
): Promise<{ id: number; wallet: MemberWallet | undefined }> {
  const claim = ticket?.state === 'open' ? ticket : undefined;
  const statement = claim
    ? // The transaction's id is taken first, so the key's row carries it from the statement that
      // claims the key and opens the transaction (a retry after a crash reads what moved).
      sql`with tx as (select nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as id),
          claim as (${claimingKey(claim, sql`tx`, sql`tx.id`)})
          select o.id, o.cash, o.bonus from claim,
            lateral ${opening(o, sql`claim.member_id`, sql`null::varchar`, sql`claim.transaction_id`)} as o`
    : sql`select id, cash, bonus from ${opening(o, o.memberId, ticket?.holder ?? null, sql`null::bigint`)}`;
  const [row] = await moneyNotEnough(() => rows<OpenedRow>(db, statement));
  if (!row && claim) throw claim.taken();
  if (!row) throw new Error('ledger transaction was not recorded');
  if (claim) claim.state = 'claimed';
  return { id: numberFromInt8(row.id), wallet: walletOf(row) };
}

/**
 * Settles a `processing` movement exactly once (ledger_settle): the conditional status update
 * is the gate. When this call is the one that settles and `answer` is given, the same statement
 * stores the request's answer, the outcome with the wallet after the settle.
 */
export async function settle(
  db: Db,
  transactionId: number,
  status: 'success' | 'failed',
  legs: Leg[],
  relaxed: boolean,
  answer: SettleAnswer | undefined,
): Promise<{ settled: boolean; answered: boolean; wallet: MemberWallet | undefined }> {
  const { accounts, amounts } = legArrays(legs);
  const settling = sql`ledger_settle(${transactionId}, ${status}, ${accounts}::integer[],
      ${amounts}::bigint[], ${relaxed})`;
  const statement = answer
    ? sql`with settle as materialized (select settled, cash, bonus from ${settling}),
          answer as (${answeringKey(
            answer.ticket,
            200,
            sql`${JSON.stringify(answer.outcome)}::jsonb
              || jsonb_build_object('wallet', jsonb_build_object('cash', s.cash, 'bonus', s.bonus))`,
            sql`settle s`,
            sql`s.settled and s.cash is not null`,
          )} returning 1)
          select settled, cash, bonus, exists (select from answer) as answered from settle`
    : sql`select settled, cash, bonus, false as answered from ${settling}`;
  type Row = RawPosting & { settled: boolean; answered: boolean };
  const [row] = await moneyNotEnough(() => rows<Row>(db, statement));
  return {
    settled: row?.settled === true,
    answered: row?.answered === true,
    wallet: row && walletOf(row),
  };
}
