import { fromMinor } from '@wallet/contract/money';
import type {
  ReconciliationCheck,
  ReconciliationProblem,
  ReconciliationReport,
} from '@wallet/contract/reports';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reconciliationReports } from '../../db/schema';
import { numberFromInt8, rows } from '../../db/statement';

const ZONE = 'Asia/Bangkok';
/** The problems one check lists at most: past that, staff have enough to start with. */
const PROBLEMS_PER_CHECK = 200;
/** Game accounts asked at once: each is a call to a provider. */
const PROVIDER_CALLS_AT_ONCE = 4;

type CheckResult = { checked: number; problems: ReconciliationProblem[] };

/**
 * The daily reconciliation (docs/backoffice.md, "Reports"): what must hold of the money, checked
 * against the ledger and the outside world, and every exception listed for staff. It reads and
 * asks; it never moves money.
 */
export class Reconciliation {
  constructor(
    private readonly deps: {
      db: Db;
      /** The member's balance at a game provider after syncing its rounds; null if unknown. */
      providerBalance: (memberId: number, code: string) => Promise<number | null>;
    },
  ) {}

  /** Checks everything now and keeps the report under `day` (YYYY-MM-DD). */
  async run(day: string): Promise<ReconciliationReport> {
    const results: [ReconciliationCheck, CheckResult][] = [
      ['ledger-balanced', await this.ledgerBalanced()],
      ['balances-match-entries', await this.balancesMatchEntries()],
      ['game-balances-match-providers', await this.gameBalancesMatchProviders()],
      ['credits-have-sources', await this.creditsHaveSources()],
    ];
    const checks = results.map(([check, result]) => ({
      check,
      checked: result.checked,
      held: result.problems.length === 0,
    }));
    const problems = results.flatMap(([, result]) => result.problems);
    const [row] = await this.deps.db
      .insert(reconciliationReports)
      .values({ day, checks, problems })
      .returning({ checkedAt: reconciliationReports.checkedAt });
    return { day, checkedAt: (row?.checkedAt ?? new Date()).toISOString(), checks, problems };
  }

  /** Closes yesterday (the operator's calendar) unless a run already did. */
  async closeYesterday(): Promise<ReconciliationReport | null> {
    const [row] = await rows<{ day: string; done: boolean }>(
      this.deps.db,
      sql`select to_char((now() at time zone ${ZONE})::date - 1, 'YYYY-MM-DD') as day,
            exists (select 1 from reconciliation_reports
                    where day = (now() at time zone ${ZONE})::date - 1) as done`,
    );
    if (!row || row.done) return null;
    return this.run(row.day);
  }

  /** Today in the operator's calendar, for a run staff start. */
  async today(): Promise<string> {
    const [row] = await rows<{ day: string }>(
      this.deps.db,
      sql`select to_char(now() at time zone ${ZONE}, 'YYYY-MM-DD') as day`,
    );
    return row?.day ?? new Date().toISOString().slice(0, 10);
  }

  /** The latest reports, newest first. */
  async latest(limit = 30): Promise<ReconciliationReport[]> {
    const found = await this.deps.db
      .select()
      .from(reconciliationReports)
      .orderBy(desc(reconciliationReports.checkedAt), desc(reconciliationReports.id))
      .limit(limit);
    return found.map((row) => ({
      day: row.day,
      checkedAt: row.checkedAt.toISOString(),
      checks: row.checks as ReconciliationReport['checks'],
      problems: row.problems as ReconciliationProblem[],
    }));
  }

  private async ledgerBalanced(): Promise<CheckResult> {
    const { db } = this.deps;
    const [counted] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from ledger_transactions`,
    );
    const unbalanced = await rows<{
      id: unknown;
      currency: string;
      member_id: number | null;
      sum: unknown;
    }>(
      db,
      sql`select t.id, t.currency, t.member_id, sum(e.amount) as sum
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          group by t.id having sum(e.amount) <> 0 order by t.id limit ${PROBLEMS_PER_CHECK}`,
    );
    const currencies = await rows<{ currency: string; sum: unknown }>(
      db,
      sql`select currency, sum(balance) as sum from ledger_accounts
          group by currency having sum(balance) <> 0`,
    );
    return {
      checked: numberFromInt8(counted?.n),
      problems: [
        ...unbalanced.map((row) => ({
          check: 'ledger-balanced' as const,
          subject: `transaction ${numberFromInt8(row.id)}`,
          memberId: row.member_id,
          currency: row.currency,
          expected: 0,
          actual: fromMinor(numberFromInt8(row.sum)),
          detail: 'its entries do not sum to zero',
        })),
        ...currencies.map((row) => ({
          check: 'ledger-balanced' as const,
          subject: `ledger ${row.currency}`,
          memberId: null,
          currency: row.currency,
          expected: 0,
          actual: fromMinor(numberFromInt8(row.sum)),
          detail: "the currency's balances do not sum to zero",
        })),
      ],
    };
  }

  private async balancesMatchEntries(): Promise<CheckResult> {
    const { db } = this.deps;
    const [counted] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from ledger_accounts`,
    );
    const drift = await rows<{
      id: number;
      member_id: number | null;
      kind: string;
      provider_code: string;
      currency: string;
      balance: unknown;
      entries: unknown;
    }>(
      db,
      sql`select a.id, a.member_id, a.kind, a.provider_code, a.currency, a.balance,
            coalesce(sum(e.amount), 0) as entries
          from ledger_accounts a left join ledger_entries e on e.account_id = a.id
          group by a.id having a.balance <> coalesce(sum(e.amount), 0)
          order by a.id limit ${PROBLEMS_PER_CHECK}`,
    );
    return {
      checked: numberFromInt8(counted?.n),
      problems: drift.map((row) => ({
        check: 'balances-match-entries' as const,
        subject: `account ${row.id} (${[row.kind, row.provider_code].filter(Boolean).join(' ')})`,
        memberId: row.member_id,
        currency: row.currency,
        expected: fromMinor(numberFromInt8(row.entries)),
        actual: fromMinor(numberFromInt8(row.balance)),
        detail: 'the balance is not the sum of its entries',
      })),
    };
  }

  /**
   * Game accounts that hold money or moved in the last two days, each compared with the
   * provider's own figure once its rounds are synced. An account with a transfer still in flight
   * is left for the next run: the two sides legitimately differ until it settles.
   */
  private async gameBalancesMatchProviders(): Promise<CheckResult> {
    const { db, providerBalance } = this.deps;
    const accounts = await rows<{
      id: number;
      member_id: number;
      provider_code: string;
      currency: string;
    }>(
      db,
      sql`select a.id, a.member_id, a.provider_code, a.currency from ledger_accounts a
          join game_accounts g on g.member_id = a.member_id and g.provider_code = a.provider_code
          where a.kind = 'game' and (a.balance <> 0 or exists (
            select 1 from ledger_entries e
            where e.account_id = a.id and e.created_at > now() - interval '2 days'))
          and not exists (select 1 from ledger_transactions t
            where t.member_id = a.member_id and t.provider_code = a.provider_code
              and t.type = 'transfer' and t.status = 'processing')
          order by a.id`,
    );
    const problems: ReconciliationProblem[] = [];
    for (let i = 0; i < accounts.length; i += PROVIDER_CALLS_AT_ONCE) {
      const batch = accounts.slice(i, i + PROVIDER_CALLS_AT_ONCE);
      await Promise.all(
        batch.map(async (account) => {
          const theirs = await providerBalance(account.member_id, account.provider_code);
          const [ours] = await rows<{ balance: unknown }>(
            db,
            sql`select balance from ledger_accounts where id = ${account.id}`,
          );
          const held = numberFromInt8(ours?.balance);
          if (theirs === held || problems.length >= PROBLEMS_PER_CHECK) return;
          problems.push({
            check: 'game-balances-match-providers',
            subject: `${account.provider_code} account of member ${account.member_id}`,
            memberId: account.member_id,
            currency: account.currency,
            expected: fromMinor(held),
            actual: theirs === null ? null : fromMinor(theirs),
            detail:
              theirs === null
                ? 'the provider did not answer'
                : "the provider's balance differs from the ledger's",
          });
        }),
      );
    }
    return { checked: accounts.length, problems };
  }

  /**
   * Every outside credit points at the record of its source, and that record at the credit's
   * transaction: a bank transfer the feed reported or a slip verified, a paid QR, a redeemed gift
   * link, a taken bonus, a claimed refund, invite reward or coupon, an approved adjustment. The
   * sandbox's deposit button has no record outside the ledger.
   */
  private async creditsHaveSources(): Promise<CheckResult> {
    const { db } = this.deps;
    const [counted] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from outside_credits where source <> 'sandbox'`,
    );
    const orphans = await rows<{
      source: string;
      reference: string;
      member_id: number;
      currency: string;
      amount: unknown;
    }>(
      db,
      sql`select oc.source, oc.reference, oc.member_id, oc.currency, oc.amount
          from outside_credits oc
          where not case oc.source
            when 'sandbox' then true
            when 'bank' then exists (select 1 from bank_transfers b
                where b.reference = oc.reference and b.transaction_id = oc.transaction_id)
              or exists (select 1 from slips s
                where s.reference = oc.reference and s.transaction_id = oc.transaction_id)
            when 'qr' then exists (select 1 from qr_codes q
                where q.id::text = oc.reference and q.transaction_id = oc.transaction_id)
            when 'truemoney' then exists (select 1 from gift_links g
                where g.code = oc.reference and g.state = 'credited')
            when 'bonus' then exists (select 1 from member_bonuses m
                where m.id::text = oc.reference)
            when 'bonus_finish' then exists (select 1 from member_bonuses m
                where m.id::text = oc.reference)
            when 'bonus_forfeit' then exists (select 1 from member_bonuses m
                where m.id::text = oc.reference)
            when 'refund' then exists (select 1 from refund_claims r
                where r.id::text = oc.reference)
            when 'invite' then exists (select 1 from invite_collections i
                where i.id::text = oc.reference)
            when 'coupon' then exists (select 1 from coupons c
                where c.id::text = oc.reference and c.state = 'claimed')
            when 'adjustment' then exists (select 1 from adjustments d
                where d.id::text = oc.reference and d.status = 'approved')
            else false end
          order by oc.id limit ${PROBLEMS_PER_CHECK}`,
    );
    return {
      checked: numberFromInt8(counted?.n),
      problems: orphans.map((row) => ({
        check: 'credits-have-sources' as const,
        subject: `${row.source} ${row.reference}`,
        memberId: row.member_id,
        currency: row.currency,
        expected: null,
        actual: fromMinor(numberFromInt8(row.amount)),
        detail: 'credited without its source record',
      })),
    };
  }
}
