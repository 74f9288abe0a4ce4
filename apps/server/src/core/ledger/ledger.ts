import type { Minor } from '@wallet/contract/money';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerTransactions } from '../../db/schema';
import type { IdempotencyTicket } from '../idempotency/idempotency';
import { LedgerAccounts, type MemberKind, type OperatorKind } from './accounts';
import {
  type AccountRef,
  type CreditResult,
  moveOnce,
  type OnceMovement,
  type OutsideCredit,
} from './outside-credits';
import { legArrays, open, settle } from './postings';
import * as reads from './reads';

/**
 * The ledger module (docs/decisions/0030-ledger.md): every change of a balance goes through
 * `open`, `settle`, `credit` or `moveOnce` here, inside one database transaction, as entries
 * that sum to zero. It is also the repository of the money tables (accounts, transactions,
 * entries, outside credits): services read and write them only through it (the member's
 * statement pages are read by the statement repository). Its parts: accounts.ts (the accounts
 * and their ids), postings.ts (the statements that move money), outside-credits.ts (money
 * moved once per outside reference), reads.ts (balances and transactions).
 */

export type LedgerType =
  | 'deposit'
  | 'bonus'
  | 'finish_bonus'
  | 'withdraw'
  | 'transfer'
  | 'game_result'
  /** A balance adjustment staff approved (docs/backoffice.md). */
  | 'adjustment';
export type LedgerStatus = 'processing' | 'success' | 'failed';

/** A signed amount of minor units on one account. */
export type Leg = { accountId: number; amount: number };

export type NewLedgerTransaction = {
  memberId: number | null;
  type: LedgerType;
  status: LedgerStatus;
  from: string;
  to: string;
  amount: Minor;
  currency: string;
  providerCode?: string | null;
  providerRef?: string | null;
  description?: Record<string, { description: string }> | null;
};

/** A stored transaction: what was written, with its id and time. */
export type LedgerTransactionRow = Required<Omit<NewLedgerTransaction, 'description'>> & {
  id: number;
  createdAt: Date;
};

/** A member's main wallet in minor units: withdrawable cash and bonus money. */
export type MemberWallet = { cash: Minor; bonus: Minor };

/**
 * The answer a settle stores for its request when it is the one that settles: `outcome` plus
 * `wallet`, the member's wallet after the settle ({ cash, bonus } in minor units).
 */
export type SettleAnswer = { ticket: IdempotencyTicket; outcome: Record<string, unknown> };

/** Told of each movement this process records and each pending one it settles (the metrics). */
export type LedgerObserver = {
  recorded(movement: { type: LedgerType; currency: string; amount: number }): void;
  settled(status: 'success' | 'failed'): void;
};

export class Ledger {
  private readonly accounts: LedgerAccounts;
  private readonly watchers: ((memberId: number) => void)[] = [];
  private readonly observers: LedgerObserver[] = [];

  constructor(db: Db) {
    this.accounts = new LedgerAccounts(db);
  }

  /**
   * Calls `watcher` with the member after each movement this process makes on a member's
   * accounts (the wallet push, docs/decisions/0044-chat.md). It runs after the statement, so a
   * movement inside a caller's transaction may not be committed yet: a watcher that reads
   * balances waits a moment first. It must not throw.
   */
  watch(watcher: (memberId: number) => void): void {
    this.watchers.push(watcher);
  }

  /**
   * Calls `observer` after each movement this process records and each settle it makes. It
   * must not throw.
   */
  observe(observer: LedgerObserver): void {
    this.observers.push(observer);
  }

  // Told once the posting statement returns: in autocommit that is after its commit, and inside
  // a caller's transaction only a fault after it (not a refusal) still rolls it back.
  private recorded(movement: { type: LedgerType; currency: string; amount: number }): void {
    for (const observer of this.observers) observer.recorded(movement);
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
    return this.accounts.member(memberId, kind, currency, providerCode);
  }

  /** Operator accounts stand for money outside the system: they alone may go negative. */
  operatorAccount(kind: OperatorKind, currency: string): Promise<number> {
    return this.accounts.operator(kind, currency);
  }

  /**
   * Records a movement and posts its legs (ledger_open in the SQL migration): one statement,
   * atomic on its own or inside the caller's transaction. The legs are posted in ascending
   * account id, each a conditional update: a member account that would go below zero matches
   * no row, which is MONEY_NOT_ENOUGH and undoes the whole movement. The fixed lock order means
   * two movements that cross can never deadlock; the CHECK constraint is the backstop should a
   * path ever skip this guard. `claim`: the request's key, claimed by this posting if it is not
   * yet (postings.ts).
   */
  async open(
    db: Db,
    input: NewLedgerTransaction,
    legs: Leg[],
    options: { relaxed?: boolean; claim?: IdempotencyTicket | undefined } = {},
  ): Promise<{ id: number; wallet: MemberWallet | undefined }> {
    const ticket = options.claim;
    if (ticket && ticket.memberId !== input.memberId) {
      throw new Error('a key is claimed only by a posting of its own member');
    }
    const opened = await open(
      db,
      {
        ...input,
        ...legArrays(legs),
        relaxed: options.relaxed ?? false,
        key: ticket?.key ?? null,
      },
      ticket,
    );
    this.recorded(input);
    this.moved(input.memberId);
    return opened;
  }

  /**
   * Credits money from outside exactly once per (source, reference) (docs/decisions/0038): the
   * one way deposits and rewards reach a member, from an operator account into the member's
   * wallet. The unique constraint decides between a replay or two processes racing: the loser
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
    return this.moveOnce(db, { ...rest, from: { operator: from }, to: { member: into } }, options);
  }

  /**
   * A movement of `amount` from one account to another, made once per (source, reference) as
   * `credit` is: a repeat or a race moves nothing and answers the first one. The bonus's end moves
   * the member's bonus wallet to cash (finish) or to the operator (forfeit) this way.
   */
  async moveOnce(
    db: Db,
    movement: OnceMovement,
    options: { ticket?: IdempotencyTicket | undefined } = {},
  ): Promise<CreditResult> {
    if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) {
      throw new RangeError(`a credit is a positive number of minor units: ${movement.amount}`);
    }
    const ticket = options.ticket;
    if (ticket && (ticket.state === 'open' || ticket.memberId !== movement.memberId)) {
      throw new Error('a credit runs under a key its own member has already claimed');
    }
    const side = (ref: AccountRef) =>
      'operator' in ref
        ? this.accounts.operator(ref.operator, movement.currency)
        : this.accounts.member(movement.memberId, ref.member, movement.currency);
    const [from, into] = await Promise.all([side(movement.from), side(movement.to)]);
    const result = await moveOnce(db, movement, { from, into }, ticket);
    if (result.credited) {
      this.recorded(movement);
      this.moved(movement.memberId);
    }
    return result;
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
    const settled = await settle(db, transactionId, status, legs, options.relaxed ?? false, answer);
    if (answer && settled.answered) answer.ticket.state = 'answered';
    if (settled.settled) {
      for (const observer of this.observers) observer.settled(status);
      const members = new Set(legs.map((leg) => this.accounts.ownerOf(leg.accountId)));
      for (const memberId of members) this.moved(memberId);
    }
    return { settled: settled.settled, wallet: settled.wallet };
  }

  requestMoves(db: Db, memberId: number, key: string) {
    return reads.requestMoves(db, memberId, key);
  }

  balance(db: Db, accountId: number): Promise<Minor> {
    return reads.balance(db, accountId);
  }

  memberWallet(db: Db, memberId: number): Promise<MemberWallet> {
    return reads.memberWallet(db, memberId);
  }

  memberBalances(db: Db, memberId: number) {
    return reads.memberBalances(db, memberId);
  }

  processing(
    db: Db,
    type: 'transfer' | 'withdraw',
    filter: Parameters<typeof reads.processing>[2],
  ) {
    return reads.processing(db, type, filter);
  }

  transaction(db: Db, id: number): Promise<LedgerTransactionRow | null> {
    return reads.transaction(db, id);
  }

  recentTransactions(db: Db, memberId: number, limit: number) {
    return reads.recentTransactions(db, memberId, limit);
  }

  /** Adds notes to a movement's statement line (why staff refused a withdrawal); no money moves. */
  async describe(
    db: Db,
    transactionId: number,
    notes: Record<string, { description: string }>,
  ): Promise<void> {
    await db
      .update(ledgerTransactions)
      .set({
        description: sql`coalesce(${ledgerTransactions.description}, '{}'::jsonb) || ${JSON.stringify(notes)}::jsonb`,
      })
      .where(eq(ledgerTransactions.id, transactionId));
  }
}
