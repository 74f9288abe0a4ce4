import { intlLocale, type Locale } from '@wallet/contract/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankName,
  formatAccountNo,
  formatAmount,
  formatDateTime,
  formatListTime,
  formatMoney,
} from './format';

describe('formatMoney', () => {
  it('always shows two decimals', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
    expect(formatMoney(0, 'th')).toBe('0.00');
    expect(formatMoney(12.345, 'en')).toBe('12.35');
  });

  it('follows the real Lao locale (lo) for the stored key la', () => {
    expect(formatMoney(1234567.5, 'la')).toBe(
      new Intl.NumberFormat('lo-LA', { minimumFractionDigits: 2 }).format(1234567.5),
    );
  });
});

/** What the formatters must write: ICU's own output for the locale, from a fresh formatter. */
const intl = (amount: number, decimals: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale[locale], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
const locales = fc.constantFrom<Locale>('th', 'la', 'en');
/** Amounts as a wallet holds them (cents), and any double a sum of them may drift to. */
const amounts = fc.oneof(
  fc.integer({ min: -1e13, max: 1e13 }).map((cents) => cents / 100),
  fc.double({ min: -1e15, max: 1e15, noNaN: true }),
  fc.constantFrom(0, -0, 0.005, 1.005, 12.345, 999.995, -0.001, 1e-7, 1e21, Number.NaN),
);

describe('formatMoney and formatAmount write what Intl.NumberFormat writes', () => {
  it('for every amount and locale', () => {
    fc.assert(
      fc.property(amounts, locales, (amount, locale) => {
        expect(formatMoney(amount, locale)).toBe(intl(amount, 2, locale));
        expect(formatAmount(amount, locale)).toBe(
          intl(amount, Number.isInteger(amount) ? 0 : 2, locale),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds half away from zero on the decimal the amount reads as', () => {
    expect(formatMoney(999.995, 'th')).toBe('1,000.00');
    expect(formatMoney(1.005, 'la')).toBe('1,01');
    expect(formatMoney(-2.675, 'en')).toBe('-2.68');
  });
});

describe('formatAmount', () => {
  it('groups thousands and shows decimals only when the amount has them', () => {
    expect(formatAmount(50000, 'en')).toBe('50,000');
    expect(formatAmount(100, 'th')).toBe('100');
    expect(formatAmount(100.5, 'en')).toBe('100.50');
  });
});

describe('formatDateTime', () => {
  it('reads DD/MM/YYYY HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 9, 7, 3))).toBe('05/01/2024 09:07:03');
  });

  it('turns an ISO timestamp into the same pattern', () => {
    const iso = new Date(2023, 11, 31, 23, 59, 59).toISOString();
    expect(formatDateTime(iso)).toBe('31/12/2023 23:59:59');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatAccountNo', () => {
  it('groups a 10-digit account number as 3-3-rest', () => {
    expect(formatAccountNo('1234567890')).toBe('123-456-7890');
  });

  it('leaves other lengths as given', () => {
    expect(formatAccountNo('123456789012')).toBe('123456789012');
    expect(formatAccountNo('12345')).toBe('12345');
  });
});

describe('bankName', () => {
  const bank = { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' };

  it('shows the Thai name in Thai and Lao, the English name in English', () => {
    expect(bankName(bank, 'th')).toBe('ธนาคารกรุงไทย');
    expect(bankName(bank, 'la')).toBe('ธนาคารกรุงไทย');
    expect(bankName(bank, 'en')).toBe('Krungthai Bank');
  });
});

describe('formatListTime', () => {
  const now = new Date(2024, 0, 5, 18, 0, 0);

  it('reads the time of day for today and the date for any other day', () => {
    expect(formatListTime(new Date(2024, 0, 5, 9, 7, 3), now)).toBe('09:07');
    expect(formatListTime(new Date(2024, 0, 4, 23, 59, 0), now)).toBe('04/01/2024');
  });

  it('reads nothing for an invalid date', () => {
    expect(formatListTime('not a date', now)).toBe('');
  });
});
