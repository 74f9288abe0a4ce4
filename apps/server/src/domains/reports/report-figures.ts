import { type QrProvider, qrProviders } from '@wallet/contract/constants';
import { fromMinor } from '@wallet/contract/money';
import {
  type DepositChannel,
  depositChannels,
  type ReportFigures,
  type ReportPeriod,
  type ReportQuery,
  type ReportResponse,
  type RewardKind,
  rewardKinds,
} from '@wallet/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import { depositSources } from '../../core/ledger/outside-credits';
import type { Db } from '../../db/client';
import { numberFromInt8, rows } from '../../db/statement';

/** The operator's calendar: Thailand and Laos share UTC+7. */
const ZONE = 'Asia/Bangkok';

/** Sums in minor units, turned into the currency's units once the period is added up. */
type Tally = {
  channels: Record<DepositChannel, { amount: number; count: number }>;
  withdrawals: { amount: number; count: number };
  rewards: Record<RewardKind, number>;
  games: Map<string, { turnover: number; ggr: number }>;
  registrations: Map<string, number>;
  firstDeposits: number;
  activeMembers: number;
};

export function emptyTally(): Tally {
  return {
    channels: Object.fromEntries(
      depositChannels.map((channel) => [channel, { amount: 0, count: 0 }]),
    ) as Tally['channels'],
    withdrawals: { amount: 0, count: 0 },
    rewards: Object.fromEntries(rewardKinds.map((kind) => [kind, 0])) as Tally['rewards'],
    games: new Map(),
    registrations: new Map(),
    firstDeposits: 0,
    activeMembers: 0,
  };
}

/** One movement on an operator account, grouped: what it was and how much crossed. */
export type OperatorFlow = {
  kind: string;
  source: string | null;
  fromAccount: string;
  providerCode: string | null;
  bySlip: boolean;
  /** The operator account's side, in minor units: money leaving it to members is negative. */
  amount: number;
  count: number;
};

/**
 * Which figure an operator account's movement counts in. Money enters members' wallets from the
 * deposits account (by channel) and staff's adjustments account, leaves to the payouts account,
 * is given from the bonuses and prizes accounts, and is won or lost against game_results.
 */
export function addFlow(tally: Tally, flow: OperatorFlow): void {
  const given = -flow.amount;
  switch (flow.kind) {
    case 'deposits': {
      const channel = depositChannelOf(flow);
      tally.channels[channel].amount += given;
      tally.channels[channel].count += flow.count;
      return;
    }
    case 'adjustments':
      tally.channels.manual.amount += given;
      tally.channels.manual.count += flow.count;
      return;
    case 'payouts':
      tally.withdrawals.amount += flow.amount;
      tally.withdrawals.count += flow.count;
      return;
    case 'bonuses':
      tally.rewards[rewardOf(flow.source)] += given;
      return;
    case 'prizes':
      tally.rewards.coupon += given;
      return;
    case 'game_results': {
      const game = gameOf(tally, flow.providerCode ?? '');
      game.ggr += flow.amount;
      return;
    }
    default:
      throw new Error(`an operator account of kind "${flow.kind}" has no place in the reports`);
  }
}

function depositChannelOf(flow: OperatorFlow): DepositChannel {
  switch (flow.source) {
    case 'bank':
      return flow.bySlip ? 'slip' : 'bank';
    case 'qr':
      if (qrProviders.includes(flow.fromAccount as QrProvider)) {
        return `qr.${flow.fromAccount as QrProvider}`;
      }
      break;
    case 'truemoney':
    case 'sandbox':
      return flow.source;
  }
  throw new Error(`a deposit from "${flow.source}/${flow.fromAccount}" has no channel`);
}

/** A bonus's forfeit returns to the bonuses account: the bonus cost is net of it. */
function rewardOf(source: string | null): RewardKind {
  if (source === 'refund' || source === 'invite' || source === 'coupon') return source;
  return 'bonus';
}

function gameOf(tally: Tally, provider: string) {
  let game = tally.games.get(provider);
  if (!game) {
    game = { turnover: 0, ggr: 0 };
    tally.games.set(provider, game);
  }
  return game;
}

export function figuresOf(tally: Tally): ReportFigures {
  const channels = Object.fromEntries(
    depositChannels.map((channel) => [
      channel,
      {
        amount: fromMinor(tally.channels[channel].amount),
        count: tally.channels[channel].count,
      },
    ]),
  ) as ReportFigures['deposits']['channels'];
  const depositMinor = depositChannels.reduce((sum, c) => sum + tally.channels[c].amount, 0);
  const depositCount = depositChannels.reduce((sum, c) => sum + tally.channels[c].count, 0);
  const rewardMinor = rewardKinds.reduce((sum, kind) => sum + tally.rewards[kind], 0);
  const games = [...tally.games.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([provider, game]) => ({
      provider,
      turnover: fromMinor(game.turnover),
      ggr: fromMinor(game.ggr),
    }));
  const ggrMinor = [...tally.games.values()].reduce((sum, game) => sum + game.ggr, 0);
  const sources = Object.fromEntries(
    [...tally.registrations.entries()].sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    deposits: { channels, total: { amount: fromMinor(depositMinor), count: depositCount } },
    withdrawals: {
      amount: fromMinor(tally.withdrawals.amount),
      count: tally.withdrawals.count,
    },
    netCashFlow: fromMinor(depositMinor - tally.withdrawals.amount),
    rewards: {
      kinds: Object.fromEntries(
        rewardKinds.map((kind) => [kind, fromMinor(tally.rewards[kind])]),
      ) as ReportFigures['rewards']['kinds'],
      total: fromMinor(rewardMinor),
    },
    games,
    ggr: fromMinor(ggrMinor),
    ngr: fromMinor(ggrMinor - rewardMinor),
    registrations: {
      sources,
      total: [...tally.registrations.values()].reduce((sum, n) => sum + n, 0),
    },
    firstDeposits: tally.firstDeposits,
    activeMembers: tally.activeMembers,
  };
}

/**
 * The reports of a range (docs/backoffice.md, "Reports"): each figure read from the ledger's
 * entries on the operator's accounts, which every movement of money crosses exactly once, so
 * the figures cannot drift from the balances. Turnover comes from the rounds the providers
 * reported; members and first deposits from their rows.
 */
export async function report(db: Db, query: ReportQuery): Promise<ReportResponse> {
  const range = {
    currency: query.currency,
    start: sql`(${query.from}::date::timestamp at time zone ${ZONE})`,
    end: sql`((${query.to}::date + 1)::timestamp at time zone ${ZONE})`,
  };
  const perPeriod = (column: SQL) =>
    sql`to_char(date_trunc(${query.period}, ${column} at time zone ${ZONE}), 'YYYY-MM-DD')`;
  // The whole range is one period, whose start is the range's first day.
  const whole = () => sql`${query.from}::text`;
  const [periods, totals] = await Promise.all([
    tallies(db, range, perPeriod),
    tallies(db, range, whole),
  ]);
  return {
    currency: query.currency,
    period: query.period,
    from: query.from,
    to: query.to,
    rows: periodStarts(query.from, query.to, query.period).map((start) => ({
      start,
      ...figuresOf(periods.get(start) ?? emptyTally()),
    })),
    totals: figuresOf(totals.get(query.from) ?? emptyTally()),
  };
}

/**
 * The first day of every period the range touches, oldest first: quiet periods are rows of
 * zeros, not gaps. Weeks start on Monday, as PostgreSQL's `date_trunc('week')`.
 */
export function periodStarts(from: string, to: string, period: ReportPeriod): string[] {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const at = new Date(`${from}T00:00:00Z`);
  if (period === 'week') at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  if (period === 'month') at.setUTCDate(1);
  const starts: string[] = [];
  while (day(at) <= to) {
    starts.push(day(at));
    if (period === 'month') at.setUTCMonth(at.getUTCMonth() + 1);
    else at.setUTCDate(at.getUTCDate() + (period === 'week' ? 7 : 1));
  }
  return starts;
}

type Range = { currency: string; start: SQL; end: SQL };

async function tallies(
  db: Db,
  { currency, start, end }: Range,
  period: (column: SQL) => SQL,
): Promise<Map<string, Tally>> {
  const byStart = new Map<string, Tally>();
  const at = (key: string) => {
    let tally = byStart.get(key);
    if (!tally) {
      tally = emptyTally();
      byStart.set(key, tally);
    }
    return tally;
  };
  const deposits = sql.join(
    depositSources.map((source) => sql`${source}`),
    sql`, `,
  );

  const [flows, rounds, registered, firsts, active] = await Promise.all([
    rows<{
      start: string;
      kind: string;
      source: string | null;
      from_account: string;
      provider_code: string | null;
      by_slip: boolean;
      amount: unknown;
      count: unknown;
    }>(
      db,
      sql`select ${period(sql`e.created_at`)} as start, a.kind, oc.source, t.from_account,
            t.provider_code,
            exists (select 1 from slips s where s.transaction_id = t.id) as by_slip,
            sum(e.amount) as amount, count(distinct t.id) as count
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.member_id is null
          join ledger_transactions t on t.id = e.transaction_id
          left join outside_credits oc on oc.transaction_id = t.id
          where a.currency = ${currency} and e.created_at >= ${start} and e.created_at < ${end}
          group by 1, 2, 3, 4, 5, 6`,
    ),
    rows<{ start: string; provider_code: string; turnover: unknown }>(
      db,
      sql`select ${period(sql`r.played_at`)} as start, r.provider_code, sum(r.bet) as turnover
          from game_rounds r join members m on m.id = r.member_id
          where m.currency = ${currency} and r.played_at >= ${start} and r.played_at < ${end}
          group by 1, 2`,
    ),
    rows<{ start: string; source: string; count: unknown }>(
      db,
      sql`select ${period(sql`created_at`)} as start, coalesce(source_code, '') as source,
            count(*) as count
          from members
          where currency = ${currency} and created_at >= ${start} and created_at < ${end}
          group by 1, 2`,
    ),
    rows<{ start: string; count: unknown }>(
      db,
      sql`select ${period(sql`f.first`)} as start, count(*) as count
          from (select member_id, min(created_at) as first from outside_credits
                where currency = ${currency} and source in (${deposits})
                group by member_id) f
          where f.first >= ${start} and f.first < ${end}
          group by 1`,
    ),
    rows<{ start: string; count: unknown }>(
      db,
      sql`select ${period(sql`created_at`)} as start, count(distinct member_id) as count
          from ledger_transactions
          where currency = ${currency} and member_id is not null and status <> 'failed'
            and created_at >= ${start} and created_at < ${end}
          group by 1`,
    ),
  ]);

  for (const row of flows) {
    addFlow(at(row.start), {
      kind: row.kind,
      source: row.source,
      fromAccount: row.from_account,
      providerCode: row.provider_code,
      bySlip: row.by_slip,
      amount: numberFromInt8(row.amount),
      count: numberFromInt8(row.count),
    });
  }
  for (const row of rounds) {
    gameOf(at(row.start), row.provider_code).turnover += numberFromInt8(row.turnover);
  }
  for (const row of registered) {
    at(row.start).registrations.set(row.source, numberFromInt8(row.count));
  }
  for (const row of firsts) at(row.start).firstDeposits = numberFromInt8(row.count);
  for (const row of active) at(row.start).activeMembers = numberFromInt8(row.count);
  return byStart;
}
