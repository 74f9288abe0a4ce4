import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { rows } from '../../db/statement';

export const memberKinds = [
  'cash',
  'bonus',
  'game',
  'transfer_hold',
  'pending_withdrawal',
] as const;
export const operatorKinds = [
  'deposits',
  'payouts',
  'bonuses',
  'prizes',
  'game_results',
  'adjustments',
] as const;
export type MemberKind = (typeof memberKinds)[number];
export type OperatorKind = (typeof operatorKinds)[number];

/**
 * The ledger's accounts: found or created on first use, and their ids remembered. Ids never
 * change once created, so they are cached per process. An account is created by its own
 * statement, outside any money transaction, so a rolled-back movement can never leave a cached
 * id behind.
 */
export class LedgerAccounts {
  /**
   * Bounded at a few accounts (cash, bonus, a game or two) for each of the members busy on this
   * process; one forgotten is read again.
   */
  private readonly ids = new LRUCache<string, number>({ max: 200_000 });
  /**
   * The member of each member account this process has used lately (settle knows only
   * accounts, and tells that member's watchers); as many as `ids`, and kept as fresh.
   */
  private readonly owners = new LRUCache<number, number>({ max: 200_000 });

  constructor(private readonly db: Db) {}

  member(memberId: number, kind: MemberKind, currency: string, providerCode = ''): Promise<number> {
    return this.account(memberId, kind, providerCode, currency, false);
  }

  /** Operator accounts stand for money outside the system: they alone may go negative. */
  operator(kind: OperatorKind, currency: string): Promise<number> {
    return this.account(null, kind, '', currency, true);
  }

  /** The member an account belongs to, when this process has used it lately. */
  ownerOf(accountId: number): number | undefined {
    return this.owners.get(accountId);
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
}
