/**
 * The rebate of a set of rounds (docs/promotions.md, loss refunds and invite bonuses): `fail` %
 * of what the lost rounds lost, plus `success` % of what was staked on the won rounds (the totals
 * are summed by the database: rounds.repository.ts). Money in minor units, rounded down.
 */
export type RoundTotals = { lost: number; wonStakes: number };
export type RebateRates = { successPercent: number; failPercent: number };

export function rebate({ lost, wonStakes }: RoundTotals, rates: RebateRates): number {
  // Summed in hundredths of a percent so that rates such as 0.5 % round exactly.
  const hundredths =
    lost * Math.round(rates.failPercent * 100) + wonStakes * Math.round(rates.successPercent * 100);
  return Math.floor(hundredths / 10_000);
}

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The start of the refund period that is still running at `now`, Asia/Bangkok (UTC+7, no daylight
 * saving): the day's midnight, or Monday's for a weekly period. Rounds before it can be refunded.
 */
export function periodStart(now: Date, period: 'day' | 'week'): Date {
  const day = Math.floor((now.getTime() + BANGKOK_OFFSET_MS) / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  const start = period === 'day' ? day : day - ((day + 3) % 7);
  return new Date(start * DAY_MS - BANGKOK_OFFSET_MS);
}
