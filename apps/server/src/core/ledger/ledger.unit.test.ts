import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Leg } from './ledger';
import { postingLegs } from './postings';

const legs = fc.array(
  fc.record({
    accountId: fc.integer({ min: 1, max: 12 }),
    amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  }),
  { maxLength: 10 },
);

function totals(list: Leg[]): Map<number, number> {
  const byAccount = new Map<number, number>();
  for (const l of list) byAccount.set(l.accountId, (byAccount.get(l.accountId) ?? 0) + l.amount);
  for (const [id, amount] of byAccount) if (amount === 0) byAccount.delete(id);
  return byAccount;
}

describe('postingLegs', () => {
  it('orders the legs by account id, the lock order ledger_post insists on', () => {
    expect(
      postingLegs([
        { accountId: 9, amount: 100 },
        { accountId: 4, amount: -100 },
      ]),
    ).toEqual([
      { accountId: 4, amount: -100 },
      { accountId: 9, amount: 100 },
    ]);
  });

  it('merges the legs of one account and drops what nets to zero', () => {
    expect(
      postingLegs([
        { accountId: 3, amount: -50 },
        { accountId: 7, amount: 50 },
        { accountId: 3, amount: 20 },
        { accountId: 7, amount: -20 },
        { accountId: 5, amount: 10 },
        { accountId: 5, amount: -10 },
      ]),
    ).toEqual([
      { accountId: 3, amount: -30 },
      { accountId: 7, amount: 30 },
    ]);
  });

  it('keeps every account total, one non-zero leg per account, ascending', () => {
    fc.assert(
      fc.property(legs, (input) => {
        const posted = postingLegs(input);
        expect(totals(posted)).toEqual(totals(input));
        for (const [i, leg] of posted.entries()) {
          expect(leg.amount).not.toBe(0);
          if (i > 0) expect(leg.accountId).toBeGreaterThan(posted[i - 1]?.accountId ?? 0);
        }
      }),
    );
  });
});
