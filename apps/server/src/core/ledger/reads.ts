import { type Minor, minor } from '@wallet/contract/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { numberFromInt8, rows } from '../../db/statement';
import type { MemberKind } from './accounts';
import type { LedgerStatus, LedgerTransactionRow, LedgerType, MemberWallet } from './ledger';
import { type RawPosting, walletOf } from './postings';

/** What the ledger's tables say: balances, wallets and transactions, read and never written. */

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
const transactionColumns = sql.raw(
  'id, member_id, type, status, from_account, to_account, amount, currency, provider_code, provider_ref, created_at',
);

function toTransactionRow(raw: RawTransaction): LedgerTransactionRow {
  return {
    id: numberFromInt8(raw.id),
    memberId: raw.member_id,
    type: raw.type,
    status: raw.status,
    from: raw.from_account,
    to: raw.to_account,
    amount: minor(numberFromInt8(raw.amount)),
    currency: raw.currency,
    providerCode: raw.provider_code,
    providerRef: raw.provider_ref,
    createdAt: new Date(raw.created_at),
  };
}

/**
 * The transactions a request opened under its Idempotency-Key (docs/decisions/0036), in the
 * order it opened them, and the member's wallet right after the last of their entries: what
 * a retry after a crash answers from.
 */
export async function requestMoves(
  db: Db,
  memberId: number,
  key: string,
): Promise<{ transactions: LedgerTransactionRow[]; wallet: MemberWallet }> {
  const transactions = (
    await rows<RawTransaction>(
      db,
      sql`select ${transactionColumns} from ledger_transactions
          where member_id = ${memberId} and request_key = ${key} order by id`,
    )
  ).map(toTransactionRow);
  const [wallet] = await rows<RawPosting>(
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
    wallet: {
      cash: minor(numberFromInt8(wallet?.cash ?? 0)),
      bonus: minor(numberFromInt8(wallet?.bonus ?? 0)),
    },
  };
}

export async function balance(db: Db, accountId: number): Promise<Minor> {
  const [row] = await rows<{ balance: unknown }>(
    db,
    sql`select balance from ledger_accounts where id = ${accountId}`,
  );
  return minor(row ? numberFromInt8(row.balance) : 0);
}

/** The member's main wallet now: the same rule (ledger_member_wallet) a posting answers with. */
export async function memberWallet(db: Db, memberId: number): Promise<MemberWallet> {
  const [row] = await rows<RawPosting>(
    db,
    sql`select cash, bonus from ledger_member_wallet(${memberId})`,
  );
  return (row && walletOf(row)) ?? { cash: minor(0), bonus: minor(0) };
}

/** Balances of a member's accounts by kind and provider ('' for non-game kinds). */
export async function memberBalances(
  db: Db,
  memberId: number,
): Promise<{ kind: MemberKind; providerCode: string; balance: Minor }[]> {
  const found = await rows<{ kind: MemberKind; provider_code: string; balance: unknown }>(
    db,
    sql`select kind, provider_code, balance from ledger_accounts where member_id = ${memberId}`,
  );
  return found.map((r) => ({
    kind: r.kind,
    providerCode: r.provider_code,
    balance: minor(numberFromInt8(r.balance)),
  }));
}

/**
 * Movements still `processing` (a transfer whose provider has not answered, a withdrawal
 * waiting for its payout), oldest first: of one member, or of everyone older than
 * `olderThanMs`, read `limit` at a time after the id `after` (the reconciler's pages).
 */
export async function processing(
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

export async function transaction(db: Db, id: number): Promise<LedgerTransactionRow | null> {
  const [raw] = await rows<RawTransaction>(
    db,
    sql`select ${transactionColumns} from ledger_transactions where id = ${id}`,
  );
  return raw ? toTransactionRow(raw) : null;
}

/** A member's latest movements of every kind, newest first (the back office's member page). */
export async function recentTransactions(
  db: Db,
  memberId: number,
  limit: number,
): Promise<LedgerTransactionRow[]> {
  const found = await rows<RawTransaction>(
    db,
    sql`select ${transactionColumns} from ledger_transactions where member_id = ${memberId}
        order by created_at desc, id desc limit ${limit}`,
  );
  return found.map(toTransactionRow);
}
