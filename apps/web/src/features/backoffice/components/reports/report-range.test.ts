import { ReportQuerySchema } from '@wallet/contract/reports';
import { describe, expect, it } from 'vitest';
import { addDays, defaultRange, operatorToday, periodLabel } from './report-range';

describe("the reports' calendar", () => {
  it("takes today from Bangkok's clock, not the desk's", () => {
    // 17:30 UTC on 31 December is already 00:30 on 1 January in Bangkok (UTC+7).
    expect(operatorToday(new Date('2024-12-31T17:30:00Z'))).toBe('2025-01-01');
    expect(operatorToday(new Date('2024-12-31T16:59:59Z'))).toBe('2024-12-31');
  });

  it('moves days across months, leap days and years', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('opens on the last 30 days by day and week, the last 12 months by month', () => {
    expect(defaultRange('day', '2024-05-20')).toEqual({ from: '2024-04-21', to: '2024-05-20' });
    expect(defaultRange('week', '2024-05-20')).toEqual({ from: '2024-04-21', to: '2024-05-20' });
    expect(defaultRange('month', '2024-05-20')).toEqual({ from: '2023-06-01', to: '2024-05-20' });
    expect(defaultRange('month', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('gives ranges the contract accepts', () => {
    for (const period of ['day', 'week', 'month'] as const)
      for (const today of ['2024-02-29', '2024-12-31', '2025-01-01'])
        expect(
          ReportQuerySchema.safeParse({ currency: 'BAHT', period, ...defaultRange(period, today) })
            .success,
        ).toBe(true);
  });

  it('names a month by its year and month, a day or a week by its first day', () => {
    expect(periodLabel('month', '2024-05-01')).toBe('2024-05');
    expect(periodLabel('week', '2024-05-06')).toBe('2024-05-06');
    expect(periodLabel('day', '2024-05-07')).toBe('2024-05-07');
  });
});
