import { type SQLWrapper, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/pg-errors';
import { rows, Statement, slot } from '../../db/statement';
import { DomainError } from '../../lib/domain-error';
import {
  answeringKey,
  claimingKey,
  type IdempotencyTicket,
  KeyTaken,
} from '../idempotency/idempotency';

/**
 * The ledger module (docs/decisions/0030-ledger.md): every change of a balance goes through
 * `open`, `settle` or `credit` here, inside one database transaction, as entries that sum to
 * zero. It is also the repository of the money tables (accounts, transactions, entries,
 * outside credits): services read and write them only through it (the member's statement
 * pages are read by the statement repository).
 */

export const memberKinds = [
  'cash',
  'bonus',
  'game',
  'transfer_hold',
  'pending_withdrawal',
] as const;
export const operatorKinds = ['deposits', 'payouts', 'bonuses', 'prizes', 'game_results'] as const;
export type MemberKind = (typeof memberKinds)[number];
export type OperatorKind = (typeof operatorKinds)[number];

export type LedgerType =
  | 'deposit'
  | 'bonus'
  | 'finish_bonus'
  | 'withdraw'
  | 'transfer'
  | 'game_result';
export type LedgerStatus = 'processing' | 'success' | 'failed';

/** A signed amount of minor units on one account. */
export type Leg = { accountId: number; amount: number };

export type NewLedgerTransaction = {
  memberId: number | null;
  type: LedgerType;
  status: LedgerStatus;
  from: string;
  to: string;
  amount: number;
  currency: string;
  providerCode?: string | null;
  providerRef?: string | null;
  description?: Record<string, { description: string }> | null;
};

export type LedgerTransactionRow = {
  id: number;
  memberId: number | null;
  type: LedgerType;
  status: LedgerStatus;
  from: string;
  to: string;
  amount: number;
  currency: string;
  providerCode: string | null;
  providerRef: string | null;
  createdAt: Date;
};

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
function legArrays(legs: Leg[]): { accounts: string; amounts: string } {
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
async function moneyNotEnough<T>(work: () => Promise<T>): Promise<T> {
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

/** int8 arrives as a string (node-postgres), a bigint or a number (PGlite). */
export function int(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer: ${String(value)}`);
  return n;
}

type RawTransaction = {
  id: unknown;
  member_id: number | null;
  type: LedgerType;
  status: LedgerStatus;
  from_account: string;
  to_account: string;
  amount: unknown;
  currency: string;
  provider_code: string | null;
  provider_ref: string | null;
  created_at: Date | string;
};

/**
 * The columns `toTransactionRow` reads, named rather than `*`: a prepared statement must not
 * change shape when a later migration adds a column (docs/decisions/0033-hot-path-round-trips.md).
 */
export const transactionColumns = sql.raw(
  'id, member_id, type, status, from_account, to_account, amount, currency, provider_code, provider_ref, created_at',
);

export function toTransactionRow(raw: RawTransaction): LedgerTransactionRow {
  return {
    id: int(raw.id),
    memberId: raw.member_id,
    type: raw.type,
    status: raw.status,
    from: raw.from_account,
    to: raw.to_account,
    amount: int(raw.amount),
    currency: raw.currency,
    providerCode: raw.provider_code,
    providerRef: raw.provider_ref,
    createdAt: new Date(raw.created_at),
  };
}

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
export const creditSources = [...depositSources, ...rewardSources, ...internalSources] as const;
export type CreditSource = (typeof creditSources)[number];

/** One side of a once-only movement: an operator account, or one of the member's own. */
export type AccountRef = { operator: OperatorKind } | { member: 'cash' | 'bonus' };

export type OutsideCredit = {
  source: CreditSource;
  /** The source's own id of this money (unique within the source). */
  reference: string;
  memberId: number;
  /** Minor units, more than zero. */
  amount: number;
  currency: string;
  /** The operator account the money comes through, and the member's wallet it goes into. */
  from: OperatorKind;
  into: 'cash' | 'bonus';
  /** The statement's line: its type and from/to labels (SPEC.md section 3). */
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
  amount: number;
  /** The member's wallet after the credit, when this call made it. */
  wallet: MemberWallet | undefined;
};

/** A member's main wallet in minor units: withdrawable cash and bonus money. */
export type MemberWallet = { cash: number; bonus: number };

/** What ledger_open and ledger_settle answer besides their own result: the wallet after. */
type RawPosting = { cash: unknown; bonus: unknown };

/** Undefined for a posting of the operator's accounts alone. */
function walletOf(row: RawPosting): MemberWallet | undefined {
  return row.cash === null ? undefined : { cash: int(row.cash), bonus: int(row.bonus) };
}

/**
 * The answer a settle stores for its request when it is the one that settles: `outcome` plus
 * `wallet`, the member's wallet after the settle ({ cash, bonus } in minor units).
 */
export type SettleAnswer = { ticket: IdempotencyTicket; outcome: Record<string, unknown> };

/**
 * The postings' statements, compiled once (db/statement.ts): a money call fills in its values.
 * `openClaiming` (docs/decisions/0034): the key's row and the posting in one statement. The
 * posting takes its member from the claimed row, so it runs only when the insert did; a key
 * already taken (a repeat racing this request) gives no row and moves nothing.
 * `settleAnswering`: when this call is the one that settles, the same statement stores the
 * request's answer, the outcome with the wallet after the settle.
 */
const statements = (() => {
  // The request's key rides with every posting made under it (docs/decisions/0036); `holder`
  // fences a posting under a key claimed earlier, `id` is the id the claiming statement took.
  const posting = (memberId: SQLWrapper, holder: SQLWrapper, id: SQLWrapper) =>
    sql`ledger_open(${memberId}, ${slot('type')}, ${slot('status')}, ${slot('from')},
        ${slot('to')}, ${slot('amount')}, ${slot('currency')}, ${slot('providerCode')},
        ${slot('providerRef')}, ${slot('description')}::jsonb, ${slot('accounts')}::integer[],
        ${slot('amounts')}::bigint[], ${slot('relaxed')}, ${slot('key')}, ${holder}, ${id})`;
  const settling = sql`ledger_settle(${slot('transactionId')}, ${slot('status')},
      ${slot('accounts')}::integer[], ${slot('amounts')}::bigint[], ${slot('relaxed')})`;
  const key = {
    memberId: slot('memberId'),
    key: slot('key'),
    hash: slot('hash'),
    request: slot('request'),
  };
  return {
    open: new Statement(
      sql`select id, cash, bonus from ${posting(slot('memberId'), slot('holder'), sql`null::bigint`)}`,
    ),
    // The transaction's id is taken first, so the key's row carries it from the statement that
    // claims the key and opens the transaction (a retry after a crash reads what moved).
    openClaiming: new Statement(
      sql`with tx as (select nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as id),
          claim as (${claimingKey(key, sql`tx`, sql`tx.id`)})
          select o.id, o.cash, o.bonus from claim,
            lateral ${posting(sql`claim.member_id`, sql`null::varchar`, sql`claim.transaction_id`)} as o`,
    ),
    // docs/decisions/0038-outside-credits.md: the credit's row takes the transaction's id, and
    // the opening runs only when the row was inserted. A (source, reference) seen before (a
    // replay, or a race another process won) inserts nothing and moves nothing.
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
    settle: new Statement(sql`select settled, cash, bonus, false as answered from ${settling}`),
    settleAnswering: new Statement(
      sql`with settle as materialized (select settled, cash, bonus from ${settling}),
          answer as (${answeringKey(
            key,
            200,
            sql`${slot('outcome')}::jsonb
              || jsonb_build_object('wallet', jsonb_build_object('cash', s.cash, 'bonus', s.bonus))`,
            sql`settle s`,
            sql`s.settled and s.cash is not null`,
          )} returning 1)
          select settled, cash, bonus, exists (select from answer) as answered from settle`,
    ),
  };
})();

export class Ledger {
  /**
   * Account ids never change once created, so they are cached per process. An account is
   * created by its own statement, outside any money transaction, so a rolled-back movement
   * can never leave a cached id behind. Bounded at a few accounts (cash, bonus, a game or two)
   * for each of the members busy on this process; one forgotten is read again.
   */
  private readonly ids = new LRUCache<string, number>({ max: 200_000 });
  /**
   * The member of each member account this process has used lately (settle knows only
   * accounts, and tells that member's watchers); as many as `ids`, and kept as fresh.
   */
  private readonly owners = new LRUCache<number, number>({ max: 200_000 });
  private readonly watchers: ((memberId: number) => void)[] = [];

  constructor(private readonly db: Db) {}

  /**
   * Calls `watcher` with the member after each movement this process makes on a member's
   * accounts (the wallet push, docs/decisions/0044-chat.md). It runs after the statement, so a
   * movement inside a caller's transaction may not be committed yet: a watcher that reads
   * balances waits a moment first. It must not throw.
   */
  watch(watcher: (memberId: number) => void): void {
    this.watchers.push(watcher);
  }

  private moved(memberId: number | null | undefined): void {
    if (memberId === null || memberId === undefined) return;
    for (const watcher of this.watchers) watcher(memberId);
  }

  memberAccount(
    memberId: number,
    kind: MemberKind,
    currency: string,
    providerCode = '',
  ): Promise<number> {
    return this.account(memberId, kind, providerCode, currency, false);
  }

  /** Operator accounts stand for money outside the system: they alone may go negative. */
  operatorAccount(kind: OperatorKind, currency: string): Promise<number> {
    return this.account(null, kind, '', currency, true);
  }

  private async account(
    memberId: number | null,
    kind: string,
    providerCode: string,
    currency: string,
    mayGoNegative: boolean,
  ): Promise<number> {
    const cacheKey = `${memberId ?? '-'}:${kind}:${providerCode}:${currency}`;
    const cached = this.ids.get(cacheKey);
    if (cached !== undefined) {
      // The owner is kept as fresh as the id, so settle still knows it.
      if (memberId !== null) this.owners.set(cached, memberId);
      return cached;
    }
    const memberMatch = memberId === null ? sql`member_id is null` : sql`member_id = ${memberId}`;
    let [row] = await rows<{ id: number }>(
      this.db,
      sql`select id from ledger_accounts where ${memberMatch} and kind = ${kind}
          and provider_code = ${providerCode} and currency = ${currency}`,
    );
    if (!row) {
      [row] = await rows<{ id: number }>(
        this.db,
        sql`insert into ledger_accounts (member_id, kind, provider_code, currency, may_go_negative)
            values (${memberId}, ${kind}, ${providerCode}, ${currency}, ${mayGoNegative})
            on conflict on constraint ledger_accounts_owner_key do update set kind = excluded.kind
            returning id`,
      );
    }
    if (!row) throw new Error('ledger account was not created');
    this.ids.set(cacheKey, row.id);
    if (memberId !== null) this.owners.set(row.id, memberId);
    return row.id;
  }

  /**
   * Records a movement and posts its legs (ledger_open in the SQL migration): one statement,
   * atomic on its own or inside the caller's transaction. The legs are posted in ascending
   * account id, each a conditional update: a member account that would go below zero matches
   * no row, which is MONEY_NOT_ENOUGH and undoes the whole movement. The fixed lock order means
   * two movements that cross can never deadlock; the CHECK constraint is the backstop should a
   * path ever skip this guard.
   */
  async open(
    db: Db,
    input: NewLedgerTransaction,
    legs: Leg[],
    options: { relaxed?: boolean; claim?: IdempotencyTicket | undefined } = {},
  ): Promise<{ id: number; wallet: MemberWallet | undefined }> {
    // A key not claimed yet is claimed by this posting; a key this request holds already fences
    // it (ledger_open refuses it once a retry has taken the key over).
    const ticket = options.claim;
    if (ticket && ticket.memberId !== input.memberId) {
      throw new Error('a key is claimed only by a posting of its own member');
    }
    const claim = ticket?.state === 'open' ? ticket : undefined;
    const held = ticket && ticket.state !== 'open' ? ticket : undefined;
    const { accounts, amounts } = legArrays(legs);
    // One literal with every slot of both statements (the plain opening ignores the key's):
    // an object spread and then given more properties gets a hidden class of its own on every
    // call in Node 20's V8, which is old-generation garbage per posting (docs/performance.md).
    const values = {
      accounts,
      amounts,
      memberId: input.memberId,
      type: input.type,
      status: input.status,
      from: input.from,
      to: input.to,
      amount: input.amount,
      currency: input.currency,
      providerCode: input.providerCode ?? null,
      providerRef: input.providerRef ?? null,
      description: input.description ? JSON.stringify(input.description) : null,
      relaxed: options.relaxed ?? false,
      key: ticket?.key ?? null,
      hash: claim?.hash ?? null,
      request: claim?.request ?? null,
      holder: held?.holder ?? null,
    };
    const statement = claim ? statements.openClaiming : statements.open;
    const [row] = await moneyNotEnough(() =>
      statement.rows<RawPosting & { id: unknown }>(db, values),
    );
    if (!row && claim) throw claim.taken();
    if (!row) throw new Error('ledger transaction was not recorded');
    if (claim) claim.state = 'claimed';
    this.moved(input.memberId);
    return { id: int(row.id), wallet: walletOf(row) };
  }

  /**
   * Credits money from outside exactly once per (source, reference) (docs/decisions/0038): the
   * one way deposits and rewards reach a member. One statement inserts the credit's row and,
   * only if that insert happened, opens the ledger transaction (operator account → member
   * wallet). The unique constraint decides between a replay or two processes racing: the loser
   * inserts nothing, moves nothing, and reads the winner's row. `ticket`: the Idempotency-Key the
   * request already holds (the sandbox top-up), fenced as in `open`. Called in autocommit, not
   * inside a transaction: a member's first credit creates the account on its own connection,
   * which would wait for the transaction's locks (PGlite's single connection, or a full pool).
   */
  credit(
    db: Db,
    credit: OutsideCredit,
    options: { ticket?: IdempotencyTicket | undefined } = {},
  ): Promise<CreditResult> {
    const { from, into, ...rest } = credit;
    return this.once(db, { ...rest, from: { operator: from }, to: { member: into } }, options);
  }

  /**
   * A movement of `amount` from one account to another, made once per (source, reference) as
   * `credit` is: a repeat or a race moves nothing and answers the first one. The bonus's end moves
   * the member's bonus wallet to cash (finish) or to the operator (forfeit) this way.
   */
  async once(
    db: Db,
    credit: OnceMovement,
    options: { ticket?: IdempotencyTicket | undefined } = {},
  ): Promise<CreditResult> {
    if (!Number.isSafeInteger(credit.amount) || credit.amount <= 0) {
      throw new RangeError(`a credit is a positive number of minor units: ${credit.amount}`);
    }
    const ticket = options.ticket;
    if (ticket && (ticket.state === 'open' || ticket.memberId !== credit.memberId)) {
      throw new Error('a credit runs under a key its own member has already claimed');
    }
    const side = (ref: AccountRef) =>
      'operator' in ref
        ? this.operatorAccount(ref.operator, credit.currency)
        : this.memberAccount(credit.memberId, ref.member, credit.currency);
    const [from, into] = await Promise.all([side(credit.from), side(credit.to)]);
    const { accounts, amounts } = legArrays([
      { accountId: from, amount: -credit.amount },
      { accountId: into, amount: credit.amount },
    ]);
    const where = { source: credit.source, reference: credit.reference };
    const [row] = await moneyNotEnough(() =>
      statements.credit.rows<RawPosting & { id: unknown }>(db, {
        ...where,
        accounts,
        amounts,
        memberId: credit.memberId,
        type: credit.type,
        status: 'success',
        from: credit.label.from,
        to: credit.label.to,
        amount: credit.amount,
        currency: credit.currency,
        providerCode: credit.providerCode ?? null,
        providerRef: null,
        description: credit.description ? JSON.stringify(credit.description) : null,
        relaxed: false,
        key: ticket?.key ?? null,
        holder: ticket?.holder ?? null,
      }),
    );
    if (row) {
      this.moved(credit.memberId);
      return {
        credited: true,
        transactionId: int(row.id),
        memberId: credit.memberId,
        amount: credit.amount,
        wallet: walletOf(row),
      };
    }
    const [earlier] = await statements.credited.rows<{
      member_id: number;
      amount: unknown;
      transaction_id: unknown;
    }>(db, where);
    if (!earlier) throw new Error(`credit ${credit.source}:${credit.reference} was not recorded`);
    return {
      credited: false,
      transactionId: int(earlier.transaction_id),
      memberId: earlier.member_id,
      amount: int(earlier.amount),
      wallet: undefined,
    };
  }

  /**
   * The transactions a request opened under its Idempotency-Key (docs/decisions/0036), in the
   * order it opened them, and the member's wallet right after the last of their entries: what
   * a retry after a crash answers from.
   */
  async requestMoves(
    db: Db,
    memberId: number,
    key: string,
  ): Promise<{ transactions: LedgerTransactionRow[]; wallet: MemberWallet }> {
    const transactions = (
      await rows<Parameters<typeof toTransactionRow>[0]>(
        db,
        sql`select ${transactionColumns} from ledger_transactions
            where member_id = ${memberId} and request_key = ${key} order by id`,
      )
    ).map(toTransactionRow);
    const [wallet] = await rows<{ cash: unknown; bonus: unknown }>(
      db,
      sql`select coalesce(sum(e.amount) filter (where a.kind = 'cash'), 0) as cash,
            coalesce(sum(e.amount) filter (where a.kind = 'bonus'), 0) as bonus
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.member_id = ${memberId} and a.kind in ('cash', 'bonus')
            and e.id <= (select max(m.id) from ledger_entries m
              join ledger_transactions t on t.id = m.transaction_id
              where t.member_id = ${memberId} and t.request_key = ${key})`,
    );
    return {
      transactions,
      wallet: { cash: int(wallet?.cash ?? 0), bonus: int(wallet?.bonus ?? 0) },
    };
  }

  /**
   * Settles a `processing` movement exactly once (ledger_settle): the conditional status
   * update is the gate. Whoever changes the row posts the legs in the same statement; every
   * other settler (a retry, another process, the reconciler) sees no row and does nothing.
   */
  async settle(
    db: Db,
    transactionId: number,
    status: 'success' | 'failed',
    legs: Leg[],
    options: { relaxed?: boolean; answer?: SettleAnswer | undefined } = {},
  ): Promise<{ settled: boolean; wallet: MemberWallet | undefined }> {
    const answer = options.answer?.ticket.state === 'claimed' ? options.answer : undefined;
    const { accounts, amounts } = legArrays(legs);
    // One literal with every slot of both statements, as in `open`.
    const values = {
      accounts,
      amounts,
      transactionId,
      status,
      relaxed: options.relaxed ?? false,
      memberId: answer?.ticket.memberId ?? null,
      key: answer?.ticket.key ?? null,
      outcome: answer ? JSON.stringify(answer.outcome) : null,
    };
    type Row = RawPosting & { settled: boolean; answered: boolean };
    const statement = answer ? statements.settleAnswering : statements.settle;
    const [row] = await moneyNotEnough(() => statement.rows<Row>(db, values));
    if (answer && row?.answered === true) answer.ticket.state = 'answered';
    if (row?.settled === true) {
      const members = new Set(legs.map((leg) => this.owners.get(leg.accountId)));
      for (const memberId of members) this.moved(memberId);
    }
    return { settled: row?.settled === true, wallet: row && walletOf(row) };
  }

  async balance(db: Db, accountId: number): Promise<number> {
    const [row] = await rows<{ balance: unknown }>(
      db,
      sql`select balance from ledger_accounts where id = ${accountId}`,
    );
    return row ? int(row.balance) : 0;
  }

  /** The member's main wallet now: the same rule (ledger_member_wallet) a posting answers with. */
  async memberWallet(db: Db, memberId: number): Promise<MemberWallet> {
    const [row] = await rows<RawPosting>(
      db,
      sql`select cash, bonus from ledger_member_wallet(${memberId})`,
    );
    return (row && walletOf(row)) ?? { cash: 0, bonus: 0 };
  }

  /** Balances of a member's accounts by kind and provider ('' for non-game kinds). */
  async memberBalances(
    db: Db,
    memberId: number,
  ): Promise<{ kind: MemberKind; providerCode: string; balance: number }[]> {
    const found = await rows<{ kind: MemberKind; provider_code: string; balance: unknown }>(
      db,
      sql`select kind, provider_code, balance from ledger_accounts where member_id = ${memberId}`,
    );
    return found.map((r) => ({
      kind: r.kind,
      providerCode: r.provider_code,
      balance: int(r.balance),
    }));
  }

  /**
   * Movements still `processing` (a transfer whose provider has not answered, a withdrawal
   * waiting for its payout), oldest first: of one member, or of everyone older than
   * `olderThanMs`, read `limit` at a time after the id `after` (the reconciler's pages).
   */
  async processing(
    db: Db,
    type: 'transfer' | 'withdraw',
    filter: { memberId: number } | { olderThanMs: number; after: number; limit: number },
  ): Promise<LedgerTransactionRow[]> {
    const which =
      'memberId' in filter
        ? sql`member_id = ${filter.memberId}`
        : sql`id > ${filter.after}
            and created_at < now() - make_interval(secs => ${filter.olderThanMs / 1000})`;
    const limit = 'limit' in filter ? sql`limit ${filter.limit}` : sql``;
    const found = await rows<RawTransaction>(
      db,
      sql`select ${transactionColumns} from ledger_transactions
          where type = ${type} and status = 'processing' and ${which}
          order by id ${limit}`,
    );
    return found.map(toTransactionRow);
  }

  async transaction(db: Db, id: number): Promise<LedgerTransactionRow | null> {
    const [raw] = await rows<RawTransaction>(
      db,
      sql`select ${transactionColumns} from ledger_transactions where id = ${id}`,
    );
    return raw ? toTransactionRow(raw) : null;
  }
}
