import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';

/**
 * The ledger module (docs/decisions/0030-ledger.md): every change of a balance goes through
 * `open` or `settle` here, inside one database transaction, as entries that sum to zero.
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

/** drizzle's `execute` answers `{ rows }` on node-postgres and on PGlite alike. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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

export class Ledger {
  /**
   * Account ids never change once created, so they are cached per process. An account is
   * created by its own statement, outside any money transaction, so a rolled-back movement
   * can never leave a cached id behind.
   */
  private readonly ids = new Map<string, number>();

  constructor(private readonly db: Db) {}

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
    if (cached !== undefined) return cached;
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
    return row.id;
  }

  /** Records a movement and posts its legs, in the caller's database transaction. */
  async open(tx: Db, input: NewLedgerTransaction, legs: Leg[]): Promise<number> {
    const [row] = await rows<{ id: unknown }>(
      tx,
      sql`insert into ledger_transactions
            (member_id, type, status, from_account, to_account, amount, currency,
             provider_code, provider_ref, description, settled_at)
          values (${input.memberId}, ${input.type}, ${input.status}, ${input.from}, ${input.to},
            ${input.amount}, ${input.currency}, ${input.providerCode ?? null},
            ${input.providerRef ?? null},
            ${input.description ? JSON.stringify(input.description) : null}::jsonb,
            ${input.status === 'processing' ? null : sql`now()`})
          returning id`,
    );
    if (!row) throw new Error('ledger transaction was not recorded');
    const id = int(row.id);
    await this.post(tx, id, legs);
    return id;
  }

  /**
   * Settles a `processing` movement exactly once: the conditional status update is the gate.
   * Whoever changes the row posts the legs in the same database transaction; every other
   * settler (a retry, another process, the reconciler) sees no row and does nothing.
   */
  async settle(
    tx: Db,
    transactionId: number,
    status: 'success' | 'failed',
    legs: Leg[],
  ): Promise<boolean> {
    const updated = await rows<{ id: unknown }>(
      tx,
      sql`update ledger_transactions set status = ${status}, settled_at = now()
          where id = ${transactionId} and status = 'processing' returning id`,
    );
    if (updated.length === 0) return false;
    await this.post(tx, transactionId, legs);
    return true;
  }

  /**
   * Posts legs in ascending account id, each a conditional update: a member account that would
   * go below zero matches no row, which is MONEY_NOT_ENOUGH and rolls the transaction back.
   * The fixed lock order means two movements that cross can never deadlock; the CHECK
   * constraint is the backstop should a path ever skip this guard.
   */
  async post(tx: Db, transactionId: number, legs: Leg[]): Promise<void> {
    const merged = new Map<number, number>();
    for (const leg of legs)
      merged.set(leg.accountId, (merged.get(leg.accountId) ?? 0) + leg.amount);
    const sorted = [...merged].filter(([, amount]) => amount !== 0).sort(([a], [b]) => a - b);
    if (sorted.length === 0) return;
    for (const [accountId, amount] of sorted) {
      const updated = await rows<{ id: number }>(
        tx,
        sql`update ledger_accounts set balance = balance + ${amount}
            where id = ${accountId} and (may_go_negative or balance + ${amount} >= 0)
            returning id`,
      );
      if (updated.length === 0) throw new DomainError('MONEY_NOT_ENOUGH');
    }
    const values = sql.join(
      sorted.map(([accountId, amount]) => sql`(${transactionId}, ${accountId}, ${amount})`),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ledger_entries (transaction_id, account_id, amount) values ${values}`,
    );
  }

  async balance(db: Db, accountId: number): Promise<number> {
    const [row] = await rows<{ balance: unknown }>(
      db,
      sql`select balance from ledger_accounts where id = ${accountId}`,
    );
    return row ? int(row.balance) : 0;
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

  async transaction(db: Db, id: number): Promise<LedgerTransactionRow | null> {
    const [raw] = await rows<RawTransaction>(
      db,
      sql`select * from ledger_transactions where id = ${id}`,
    );
    return raw ? toTransactionRow(raw) : null;
  }
}
