import {
  type DepositChannel,
  depositChannels,
  type ReconciliationReport,
  ReconciliationReportSchema,
  type ReportFigures,
  type ReportResponse,
  ReportResponseSchema,
} from '@wallet/contract/reports';

/**
 * Reports as the server answers them, for the screen's tests: every fixture goes through the
 * contract's schema, so a test cannot lean on a shape the server would never send.
 */

type Flows = Partial<Record<DepositChannel, [amount: number, count: number]>>;

/** A period's figures: deposits per channel as [amount, count], the rest as given or none. */
export function figures(
  deposits: Flows,
  rest: Partial<Omit<ReportFigures, 'deposits'>> = {},
): ReportFigures {
  const channels = Object.fromEntries(
    depositChannels.map((channel) => {
      const [amount, count] = deposits[channel] ?? [0, 0];
      return [channel, { amount, count }];
    }),
  ) as Record<DepositChannel, { amount: number; count: number }>;
  const flows = Object.values(channels);
  const total = {
    amount: flows.reduce((sum, flow) => sum + Math.round(flow.amount * 100), 0) / 100,
    count: flows.reduce((sum, flow) => sum + flow.count, 0),
  };
  return {
    deposits: { channels, total },
    withdrawals: { amount: 0, count: 0 },
    netCashFlow: total.amount,
    rewards: { kinds: { bonus: 0, refund: 0, invite: 0, coupon: 0 }, total: 0 },
    games: [],
    ggr: 0,
    ngr: 0,
    registrations: { sources: {}, total: 0 },
    firstDeposits: 0,
    activeMembers: 0,
    ...rest,
  };
}

/** The rewards and the games of the first day, the only day anyone played: the range's too. */
const firstDaysPlay = {
  rewards: { kinds: { bonus: 50, refund: 10, invite: 0, coupon: 5 }, total: 65 },
  games: [
    { provider: 'PG', turnover: 1000, ggr: 120.5 },
    { provider: 'JOKER', turnover: 200, ggr: -20 },
  ],
  ggr: 100.5,
  ngr: 35.5,
};

/**
 * Three days of baht: the first busy (bank and sandbox deposits, a withdrawal, rewards, two
 * game providers, members from Facebook and from no source), the second quiet, the third a QR
 * deposit and a staff debit larger than its credit.
 */
export const bahtDays: ReportResponse = ReportResponseSchema.parse({
  currency: 'BAHT',
  period: 'day',
  from: '2024-05-01',
  to: '2024-05-03',
  rows: [
    {
      start: '2024-05-01',
      ...figures(
        { bank: [1500.1, 3], sandbox: [100.2, 1] },
        {
          withdrawals: { amount: 800, count: 2 },
          netCashFlow: 800.3,
          ...firstDaysPlay,
          registrations: { sources: { facebook: 2, '': 1 }, total: 3 },
          firstDeposits: 2,
          activeMembers: 4,
        },
      ),
    },
    { start: '2024-05-02', ...figures({}) },
    {
      start: '2024-05-03',
      ...figures(
        { 'qr.KBANK': [300, 1], manual: [-50, 1] },
        { activeMembers: 2, registrations: { sources: { facebook: 1 }, total: 1 } },
      ),
    },
  ],
  totals: figures(
    { bank: [1500.1, 3], 'qr.KBANK': [300, 1], manual: [-50, 1], sandbox: [100.2, 1] },
    {
      withdrawals: { amount: 800, count: 2 },
      netCashFlow: 1050.3,
      ...firstDaysPlay,
      registrations: { sources: { facebook: 3, '': 1 }, total: 4 },
      firstDeposits: 2,
      // Members active on both days count once.
      activeMembers: 5,
    },
  ),
});

/** A day whose checks all held, and one where a member's balance disagrees with its entries. */
export const reconciliations: ReconciliationReport[] = [
  ReconciliationReportSchema.parse({
    day: '2024-05-03',
    checkedAt: '2024-05-03T17:05:00.000Z',
    checks: [
      { check: 'ledger-balanced', checked: 1200, held: true },
      { check: 'balances-match-entries', checked: 340, held: false },
      { check: 'game-balances-match-providers', checked: 56, held: true },
      { check: 'credits-have-sources', checked: 410, held: true },
    ],
    problems: [
      {
        check: 'balances-match-entries',
        subject: 'account:cash:12',
        memberId: 12,
        currency: 'BAHT',
        expected: 1500.5,
        actual: 1450.5,
        detail: 'The balance is 50.00 below the sum of its entries.',
      },
    ],
  }),
  ReconciliationReportSchema.parse({
    day: '2024-05-02',
    checkedAt: '2024-05-02T17:05:00.000Z',
    checks: [
      { check: 'ledger-balanced', checked: 1100, held: true },
      { check: 'balances-match-entries', checked: 338, held: true },
      { check: 'game-balances-match-providers', checked: 55, held: true },
      { check: 'credits-have-sources', checked: 400, held: true },
    ],
    problems: [],
  }),
];
