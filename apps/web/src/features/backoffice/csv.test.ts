import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('a CSV', () => {
  it('writes the headers, then one line per row, in CRLF lines after a BOM', () => {
    const csv = toCsv(
      [
        { header: 'Day', value: (row: { day: string; amount: number }) => row.day },
        { header: 'Amount (BAHT)', value: (row) => row.amount },
      ],
      [
        { day: '2024-05-01', amount: 1500.1 },
        { day: '2024-05-02', amount: -20 },
      ],
    );
    expect(csv).toBe('\uFEFFDay,Amount (BAHT)\r\n2024-05-01,1500.1\r\n2024-05-02,-20\r\n');
  });

  it('quotes a header that needs it, as any cell', () => {
    expect(toCsv([{ header: 'Bank, slips', value: () => 1 }], [])).toBe('\uFEFF"Bank, slips"\r\n');
  });

  it('quotes a cell with a comma, a quote or a line break, and doubles its quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('she said "no"')).toBe('"she said ""no"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('ยอดเงิน "พิเศษ"')).toBe('"ยอดเงิน ""พิเศษ"""');
  });

  it('keeps text a spreadsheet would run as a formula from running', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    // Numbers and JSON are the server's, not typed text: left as they are.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell({ amount: -5 })).toBe('"{""amount"":-5}"');
  });

  it('leaves empty cells for null and missing values', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
