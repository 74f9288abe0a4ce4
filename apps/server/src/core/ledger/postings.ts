import { minor } from '@wallet/contract/money';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/pg-errors';
import { numberFromInt8, Statement, slot } from '../../db/statement';
import { DomainError } from '../../lib/domain-error';
import { type IdempotencyTicket, KeyTaken } from '../idempotency/idempotency';
import { answeringKey, claimingKey } from '../idempotency/key-statements';
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

/** An opening as the values of `posting`'s slots. */
export function openingValues(o: Opening) {
  return {
    type: o.type,
    status: o.status,
    from: o.from,
    to: o.to,
    amount: o.amount,
    currency: o.currency,
    providerCode: o.providerCode ?? null,
    providerRef: o.providerRef ?? null,
    description: o.description ? JSON.stringify(o.description) : null,
    accounts: o.accounts,
    amounts: o.amounts,
    relaxed: o.relaxed,
    key: o.key,
  };
}

/**
 * ledger_open's call, its values in slots (openingValues). `holder` fences a posting under a key
 * claimed earlier; `id` is the id the claiming statement took for the transaction.
 */
export function posting(memberId: SQLWrapper, holder: SQLWrapper, id: SQLWrapper): SQL {
  return sql`ledger_open(${memberId}, ${slot('type')}, ${slot('status')}, ${slot('from')},
      ${slot('to')}, ${slot('amount')}, ${slot('currency')}, ${slot('providerCode')},
      ${slot('providerRef')}, ${slot('description')}::jsonb, ${slot('accounts')}::integer[],
      ${slot('amounts')}::bigint[], ${slot('relaxed')}, ${slot('key')}, ${holder}, ${id})`;
}

const settling = sql`ledger_settle(${slot('transactionId')}, ${slot('status')},
    ${slot('accounts')}::integer[], ${slot('amounts')}::bigint[], ${slot('relaxed')})`;

/** The request's key as slots, for the statements that claim or answer it. */
const keySlots = {
  memberId: slot('memberId'),
  key: slot('key'),
  hash: slot('hash'),
  request: slot('request'),
};

/**
 * The postings' statements, compiled once (db/statement.ts). `openClaiming` (docs/decisions/
 * 0034): the key's row and the posting in one statement, the posting taking its member from the
 * claimed row, so it runs only when the insert did; a key already taken (a repeat racing this
 * request) gives no row and moves nothing. The transaction's id is taken first, so the key's
 * row carries it (a retry after a crash reads what moved). `settleAnswering`: when this call is
 * the one that settles, the same statement stores the request's answer, the outcome with the
 * wallet after the settle.
 */
const statements = {
  open: new Statement(
    sql`select id, cash, bonus from ${posting(slot('memberId'), slot('holder'), sql`null::bigint`)}`,
  ),
  openClaiming: new Statement(
    sql`with tx as (select nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as id),
        claim as (${claimingKey(keySlots, sql`tx`, sql`tx.id`)})
        select o.id, o.cash, o.bonus from claim,
          lateral ${posting(sql`claim.member_id`, sql`null::varchar`, sql`claim.transaction_id`)} as o`,
  ),
  settle: new Statement(sql`select settled, cash, bonus, false as answered from ${settling}`),
  settleAnswering: new Statement(
    sql`with settle as materialized (select settled, cash, bonus from ${settling}),
        answer as (${answeringKey(
          keySlots,
          200,
          sql`${slot('outcome')}::jsonb
            || jsonb_build_object('wallet', jsonb_build_object('cash', s.cash, 'bonus', s.bonus))`,
          sql`settle s`,
          sql`s.settled and s.cash is not null`,
        )} returning 1)
        select settled, cash, bonus, exists (select from answer) as answered from settle`,
  ),
};

type OpenedRow = RawPosting & { id: unknown };

/**
 * Records a movement and posts its legs. A key not claimed yet is claimed by this posting
 * (docs/decisions/0034); a key this request holds already fences the posting (ledger_open
 * refuses it once a retry has taken the key over).
 */
export async function open(
  db: Db,
  o: Opening,
  ticket: IdempotencyTicket | undefined,
): Promise<{ id: number; wallet: MemberWallet | undefined }> {
  const claim = ticket?.state === 'open' ? ticket : undefined;
  const values = openingValues(o);
  const [row] = await moneyNotEnough(() =>
    claim
      ? statements.openClaiming.rows<OpenedRow>(db, {
          ...values,
          memberId: claim.memberId,
          hash: claim.hash,
          request: claim.request,
        })
      : statements.open.rows<OpenedRow>(db, {
          ...values,
          memberId: o.memberId,
          holder: ticket?.holder ?? null,
        }),
  );
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
  const values = { transactionId, status, ...legArrays(legs), relaxed };
  type Row = RawPosting & { settled: boolean; answered: boolean };
  const [row] = await moneyNotEnough(() =>
    answer
      ? statements.settleAnswering.rows<Row>(db, {
          ...values,
          memberId: answer.ticket.memberId,
          key: answer.ticket.key,
          outcome: JSON.stringify(answer.outcome),
        })
      : statements.settle.rows<Row>(db, values),
  );
  return {
    settled: row?.settled === true,
    answered: row?.answered === true,
    wallet: row && walletOf(row),
  };
}
