import { describe, expect, it } from 'vitest';
import { csvHeader, type ReportColumn, reportCsv } from './report-columns';

type Row = { start?: string; amount: number; count: number };

const columns: ReportColumn<Row>[] = [
  { key: 'start', title: 'Day', value: (row) => row.start ?? 'Total' },
  { key: 'amount', group: 'Deposits', title: 'Amount', money: true, value: (row) => row.amount },
  { key: 'count', group: 'Deposits', title: 'Count', numeric: true, value: (row) => row.count },
];

describe("a report's CSV", () => {
  it('names an amount’s currency in its header, and a column’s group before its title', () => {
    expect(columns.map((column) => csvHeader(column, 'LAK'))).toEqual([
      'Day',
      'Deposits: Amount (LAK)',
      'Deposits: Count',
    ]);
    // A table of many currencies names each row's in a column of its own.
    expect(csvHeader({ title: 'Expected', money: true })).toBe('Expected');
  });

  it('writes the rows, then the totals row, amounts as plain numbers', () => {
    const csv = reportCsv(
      columns,
      [
        { start: '2024-05-01', amount: 250_000.5, count: 2 },
        { start: '2024-05-02', amount: -1000, count: 1 },
      ],
      { total: { amount: 249_000.5, count: 3 }, currency: 'LAK' },
    );
    expect(csv).toBe(
      '\uFEFFDay,Deposits: Amount (LAK),Deposits: Count\r\n' +
        '2024-05-01,250000.5,2\r\n2024-05-02,-1000,1\r\nTotal,249000.5,3\r\n',
    );
  });
});
