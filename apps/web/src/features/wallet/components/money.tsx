import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';

/** An amount in baht, two decimals, in the reader's number format (SPEC.md section 9). */
export function useBaht(): (amount: number) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (amount) => t('wallet.baht', { amount: formatMoney(amount, locale) });
}
