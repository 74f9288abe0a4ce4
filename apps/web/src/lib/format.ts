import { display, intlLocale, type Locale } from '@wallet/contract/constants';
import dayjs from 'dayjs';

/**
 * The one money, date and account-number formatter (STYLE.md habit 10). Money has two
 * decimals and follows the real locale (`lo` for the stored key `la`, STYLE.md habit 6): what
 * `Intl.NumberFormat(intlLocale[locale])` writes, digit for digit (format.test.ts holds the
 * two together). It is written out here because the first `Intl.NumberFormat` a page makes
 * loads ICU's data for its locale, 17–40 ms on a fresh tab (docs/performance.md), inside the
 * render of the first balance on screen; the three locales' separators are all it needs.
 */
const separators: Record<Locale, { group: string; decimal: string }> = {
  th: { group: ',', decimal: '.' },
  en: { group: ',', decimal: '.' },
  la: { group: '.', decimal: ',' },
};

function formatNumber(amount: number, decimals: number, locale: Locale): string {
  const magnitude = String(Math.abs(amount));
  // Beyond 1e21 and below 1e-6 a number reads in exponent form; no wallet amount does.
  if (!Number.isFinite(amount) || magnitude.includes('e')) {
    return new Intl.NumberFormat(intlLocale[locale], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount);
  }
  // Rounded half away from zero on the shortest decimal that reads back as `amount`, as ICU
  // does (12.345 -> 12.35, though the double is a hair under it).
  const [whole = '0', fraction = ''] = magnitude.split('.');
  let scaled = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if ((fraction[decimals] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const { group, decimal } = separators[locale];
  const integer = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, group);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${integer}${decimals > 0 ? decimal + digits.slice(-decimals) : ''}`;
}

export function formatMoney(amount: number, locale: Locale): string {
  return formatNumber(amount, display.moneyDecimals, locale);
}

/** A limit or other whole amount in a sentence: grouped ("50,000"), decimals only when it has them. */
export function formatAmount(amount: number, locale: Locale): string {
  return formatNumber(amount, Number.isInteger(amount) ? 0 : display.moneyDecimals, locale);
}

/** The spec's constants and limits: DD/MM/YYYY HH:mm:ss in the device's time zone. */
export function formatDateTime(value: string | number | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(display.dateFormat) : '';
}

/**
 * A time in a list of conversations, where the full date and time does not fit: the time of
 * day when it is today, else the date (the same day and month order as formatDateTime).
 */
export function formatListTime(value: string | number | Date, now: Date = new Date()): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return date.isSame(now, 'day') ? date.format('HH:mm') : date.format('DD/MM/YYYY');
}

/** The spec's screens: a 10-digit account number reads 3-3-rest; anything else as given. */
export function formatAccountNo(accountNo: string): string {
  const digits = accountNo.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return accountNo;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The spec's entities gives banks a Thai name; Lao readers get it too, English readers nameEN. */
export function bankName(bank: { nameTH: string; nameEN: string }, locale: Locale): string {
  return locale === 'en' ? bank.nameEN || bank.nameTH : bank.nameTH || bank.nameEN;
}
