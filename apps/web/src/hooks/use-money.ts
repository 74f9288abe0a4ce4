import { useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@wallet/contract/constants';
import type { UserInfo } from '@wallet/contract/wallet';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/format';
import { useLocale } from '../lib/i18n';
import { queryKeys } from '../lib/query-keys';

/**
 * The signed-in member's wallet currency (issue 30: kip or baht in the Laos variant), as the
 * wallet answer the shell loads says; baht until it has. Read from the cache only: asking for
 * the currency never sends a request of its own, and, holding no query observer, it leaves the
 * wallet query's own options (its fetch, its refetch on focus) to the wallet feature.
 */
export function useCurrency(): Currency {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const read = () =>
    client.getQueryData<UserInfo>(queryKeys.wallet.summary())?.profile.currency ?? 'BAHT';
  return useSyncExternalStore(subscribe, read, read);
}

/** The word for the member's currency beside a figure ("baht", "kip"). */
export function useCurrencyUnit(): string {
  const { t } = useTranslation();
  return t(`wallet.unit.${useCurrency()}`);
}

/**
 * An amount in the member's currency, two decimals, in the reader's number format (the spec
 * section 9): "500.00 baht", "100,000.00 kip".
 */
export function useMoney(): (amount: number) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  const currency = useCurrency();
  return (amount) => t(`wallet.amountIn.${currency}`, { amount: formatMoney(amount, locale) });
}
