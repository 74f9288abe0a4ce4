import type { WithdrawalReview } from '@wallet/contract/desk';

export type CurrencyTotal = { currency: string; count: number; total: number };

/**
 * The queue at a glance: how many and how much per currency (baht and kip are never added
 * together), in minor units while adding so 0.1 + 0.2 stays 0.30, and the oldest request.
 */
export function summarise(rows: readonly WithdrawalReview[]): {
  totals: CurrencyTotal[];
  oldest: string | null;
} {
  const minor = new Map<string, { count: number; total: number }>();
  let oldest: string | null = null;
  for (const row of rows) {
    const sum = minor.get(row.currency) ?? { count: 0, total: 0 };
    sum.count += 1;
    sum.total += Math.round(row.amount * 100);
    minor.set(row.currency, sum);
    if (oldest === null || Date.parse(row.createdAt) < Date.parse(oldest)) oldest = row.createdAt;
  }
  const totals = [...minor]
    .map(([currency, { count, total }]) => ({ currency, count, total: total / 100 }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return { totals, oldest };
}

/** How long since `since`, in whole hours and minutes. */
export function waitParts(since: string, now = Date.now()): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
