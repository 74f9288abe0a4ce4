import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/i18n';

/**
 * An amount in the currency the row names (a member's wallet currency: BAHT or LAK), in the
 * reader's number format: staff see members of both currencies side by side. `signed` writes
 * a credit's plus sign too (an adjustment).
 */
export function useStaffMoney(): (amount: number, currency: string, signed?: boolean) => string {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  return (amount, currency, signed = false) => {
    const figure = `${signed && amount > 0 ? '+' : ''}${formatMoney(amount, locale)}`;
    const key = `backoffice.money.${currency}`;
    return i18n.exists(key) ? t(key, { amount: figure }) : `${figure} ${currency}`;
  };
}

/**
 * An amount in a table whose caption and CSV header name its one currency (the reports): the
 * figure alone, in the reader's number format, so a period's row of many amounts fits a desk.
 */
export function useStaffFigure(): (amount: number) => string {
  const locale = useLocale();
  return (amount) => formatMoney(amount, locale);
}

/**
 * Amounts of one currency added up in minor units, so 0.1 + 0.2 stays 0.30. Never give it baht
 * and kip together: every total of the back office is per currency.
 */
export function sumMoney(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / 100;
}
