import { depositChannels, rewardKinds } from '@wallet/contract/reports';
import fc from 'fast-check';

/**
 * The reports test's oracle (reports.test.ts): the member activity fast-check plans, and the
 * figures a report must show for it, worked out from the test's own record of what it did.
 */

/** What a member does; the report must count each at the moment the test dates it. */
export type Action =
  | { kind: 'sandbox' | 'bank' | 'gift' | 'slip' | 'withdraw'; amount: number }
  | { kind: 'qr'; provider: 'KBANK' | 'WW'; amount: number }
  | { kind: 'adjust'; amount: number }
  | { kind: 'round'; bet: number; win: number }
  | { kind: 'bonus' }
  | { kind: 'coupon'; slice: 'CASH5' | 'BONUS20' | 'CASH50' };

export type Dated = { member: number; action: Action; day: number; minute: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('sandbox', 'bank', 'gift', 'slip', 'withdraw'),
    amount: fc.integer({ min: 100, max: 3_000 }),
  }),
  fc.record({
    kind: fc.constant('qr'),
    provider: fc.constantFrom('KBANK', 'WW'),
    amount: fc.integer({ min: 100, max: 3_000 }),
  }),
  fc.record({ kind: fc.constant('adjust'), amount: fc.integer({ min: -50, max: 500 }) }),
  fc.record({
    kind: fc.constant('round'),
    bet: fc.integer({ min: 1, max: 100 }),
    win: fc.integer({ min: 0, max: 150 }),
  }),
  fc.record({ kind: fc.constant('bonus') }),
  fc.record({ kind: fc.constant('coupon'), slice: fc.constantFrom('CASH5', 'BONUS20', 'CASH50') }),
) as fc.Arbitrary<Action>;

/** Minutes past midnight UTC: 16:59 and 17:00 UTC are 23:59 and 00:00 in Bangkok. */
const minute = fc.constantFrom(0, 16 * 60 + 59, 17 * 60, 20 * 60, 23 * 60 + 59);

export const plan = fc.record({
  sources: fc.array(fc.constantFrom('facebook', 'google', 'line'), { minLength: 2, maxLength: 3 }),
  joined: fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 3, maxLength: 3 }),
  actions: fc.array(
    fc.record({
      member: fc.nat(),
      action,
      day: fc.integer({ min: 0, max: 80 }),
      minute,
    }),
    { minLength: 8, maxLength: 16 },
  ),
});

// Oracle: the operator's calendar is UTC+7 all year (no daylight saving in Thailand or Laos).
const BANGKOK_MS = 7 * 3_600_000;
export const localDay = (at: Date) =>
  new Date(at.getTime() + BANGKOK_MS).toISOString().slice(0, 10);
export function periodStart(day: string, period: 'day' | 'week' | 'month'): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The figures one period should show, in minor units, built from the test's own record. */
export type Expected = {
  channels: Map<string, { amount: number; count: number }>;
  withdrawals: { amount: number; count: number };
  rewards: Map<string, number>;
  games: Map<string, { turnover: number; ggr: number }>;
  registrations: Map<string, number>;
  firstDeposits: Set<number>;
  active: Set<number>;
};

export const emptyExpected = (): Expected => ({
  channels: new Map(),
  withdrawals: { amount: 0, count: 0 },
  rewards: new Map(),
  games: new Map(),
  registrations: new Map(),
  firstDeposits: new Set(),
  active: new Set(),
});

const major = (minor: number) => minor / 100;

/** The report's shape of `e`, every channel and reward kind listed, as the API answers it. */
export function figures(e: Expected) {
  const channels = Object.fromEntries(
    depositChannels.map((c) => {
      const flow = e.channels.get(c) ?? { amount: 0, count: 0 };
      return [c, { amount: major(flow.amount), count: flow.count }];
    }),
  );
  const deposits = [...e.channels.values()].reduce((s, f) => s + f.amount, 0);
  const rewards = [...e.rewards.values()].reduce((s, n) => s + n, 0);
  const ggr = [...e.games.values()].reduce((s, g) => s + g.ggr, 0);
  return {
    deposits: {
      channels,
      total: {
        amount: major(deposits),
        count: [...e.channels.values()].reduce((s, f) => s + f.count, 0),
      },
    },
    withdrawals: { amount: major(e.withdrawals.amount), count: e.withdrawals.count },
    netCashFlow: major(deposits - e.withdrawals.amount),
    rewards: {
      kinds: Object.fromEntries(rewardKinds.map((k) => [k, major(e.rewards.get(k) ?? 0)])),
      total: major(rewards),
    },
    games: [...e.games.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([provider, g]) => ({ provider, turnover: major(g.turnover), ggr: major(g.ggr) })),
    ggr: major(ggr),
    ngr: major(ggr - rewards),
    registrations: {
      sources: Object.fromEntries([...e.registrations.entries()].sort()),
      total: [...e.registrations.values()].reduce((s, n) => s + n, 0),
    },
    firstDeposits: e.firstDeposits.size,
    activeMembers: e.active.size,
  };
}
