import { display, intlLocale, type Locale } from '@wallet/contract/constants';
import dayjs from 'dayjs';

/**
 * The one money, date and account-number formatter (STYLE.md habit 10). Money has two
 * decimals and follows the real locale (`lo` for the stored key `la`, STYLE.md habit 6).
 * Building an `Intl.NumberFormat` is the dear part (the first one a page makes loads ICU's data
 * for its locale), so each locale and number of decimals gets one, made when first needed and
 * kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function formatNumber(amount: number, decimals: number, locale: Locale): string {
  const key = `${locale}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, format);
  }
  return format.format(amount);
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
