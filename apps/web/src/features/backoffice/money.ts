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
