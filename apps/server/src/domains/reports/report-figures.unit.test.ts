import { describe, expect, it } from 'vitest';
import { addFlow, emptyTally, figuresOf, type OperatorFlow, periodStarts } from './report-figures';

const flow = (over: Partial<OperatorFlow>): OperatorFlow => ({
  kind: 'deposits',
  source: 'bank',
  fromAccount: 'SCB',
  providerCode: null,
  bySlip: false,
  amount: 0,
  count: 1,
  ...over,
});

describe("the reports' reading of the operator accounts", () => {
  it('puts each movement in its figure, money given counted positive', () => {
    const tally = emptyTally();
    addFlow(tally, flow({ amount: -10_000 }));
    addFlow(tally, flow({ amount: -2_500, bySlip: true }));
    addFlow(tally, flow({ source: 'qr', fromAccount: 'PAYTIMZ', amount: -30_000, count: 2 }));
    addFlow(tally, flow({ source: 'truemoney', fromAccount: 'TRUEWALLET', amount: -5_000 }));
    addFlow(tally, flow({ kind: 'adjustments', source: 'adjustment', amount: -1_000 }));
    addFlow(tally, flow({ kind: 'adjustments', source: 'adjustment', amount: 300 }));
    addFlow(tally, flow({ kind: 'payouts', source: null, amount: 7_000 }));
    addFlow(tally, flow({ kind: 'bonuses', source: 'bonus', amount: -2_000 }));
    addFlow(tally, flow({ kind: 'bonuses', source: 'bonus_forfeit', amount: 500 }));
    addFlow(tally, flow({ kind: 'bonuses', source: 'refund', amount: -150 }));
    addFlow(tally, flow({ kind: 'bonuses', source: 'invite', amount: -70 }));
    addFlow(tally, flow({ kind: 'prizes', source: 'coupon', amount: -5_000 }));
    addFlow(tally, flow({ kind: 'game_results', source: null, providerCode: 'PG', amount: 900 }));
    addFlow(
      tally,
      flow({ kind: 'game_results', source: null, providerCode: 'JOKER', amount: -400 }),
    );

    const figures = figuresOf(tally);
    expect(figures.deposits.channels).toMatchObject({
      bank: { amount: 100, count: 1 },
      slip: { amount: 25, count: 1 },
      'qr.PAYTIMZ': { amount: 300, count: 2 },
      'qr.KBANK': { amount: 0, count: 0 },
      truemoney: { amount: 50, count: 1 },
      manual: { amount: 7, count: 2 },
    });
    expect(figures.deposits.total).toEqual({ amount: 482, count: 7 });
    expect(figures.withdrawals).toEqual({ amount: 70, count: 1 });
    expect(figures.netCashFlow).toBe(412);
    expect(figures.rewards).toEqual({
      kinds: { bonus: 15, refund: 1.5, invite: 0.7, coupon: 50 },
      total: 67.2,
    });
    expect(figures.games).toEqual([
      { provider: 'JOKER', turnover: 0, ggr: -4 },
      { provider: 'PG', turnover: 0, ggr: 9 },
    ]);
    expect(figures.ggr).toBe(5);
    expect(figures.ngr).toBe(-62.2);
  });

  it('refuses to guess where an unknown movement belongs', () => {
    expect(() => addFlow(emptyTally(), flow({ kind: 'vault' }))).toThrow(/vault/);
    expect(() => addFlow(emptyTally(), flow({ source: 'qr', fromAccount: 'NOPE' }))).toThrow();
  });
});

describe('the periods of a range', () => {
  it('lists every day, Monday-started week or month the range touches, quiet ones too', () => {
    expect(periodStarts('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    // 2026-03-04 is a Wednesday: its week began on Monday the 2nd.
    expect(periodStarts('2026-03-04', '2026-03-16', 'week')).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(periodStarts('2025-12-31', '2026-02-01', 'month')).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(periodStarts('2026-01-31', '2026-01-31', 'month')).toEqual(['2026-01-01']);
  });
});
