import { NumberInput, type NumberInputProps } from '@mantine/core';
import { display, intlLocale, type Locale } from '@wallet/contract/constants';
import { useLocale } from '../../lib/i18n';

type Separators = { group: string; decimal: string };
const cache = new Map<Locale, Separators>();

/**
 * The grouping and decimal signs of the reader's number format, as Intl writes them for the
 * real locale (STYLE.md habit 6): Lao groups with "." and marks decimals with ",", so a box
 * that groups with "," reads a Lao member's "1.000" as one.
 */
export function numberSeparators(locale: Locale): Separators {
  let found = cache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(intlLocale[locale]).formatToParts(1234567.5);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    cache.set(locale, found);
  }
  return found;
}

export type MoneyInputProps = Omit<
  NumberInputProps,
  'thousandSeparator' | 'decimalSeparator' | 'decimalScale' | 'allowNegative'
> & {
  /** A signed amount (a back-office balance adjustment: negative debits); never a member's. */
  signed?: boolean;
};

/**
 * The one box for an amount of money (transfer, withdraw, QR deposit, game stake): no negative
 * amounts (unless `signed`), two decimals at the most, grouped and pointed as the reader's locale writes money.
 * The value it hands back is a number (or '' while empty) whatever the separators.
 */
export function MoneyInput({ signed = false, ...props }: MoneyInputProps) {
  const { group, decimal } = numberSeparators(useLocale());
  return (
    <NumberInput
      min={signed ? undefined : 0}
      inputMode={signed ? 'text' : 'decimal'}
      hideControls
      {...props}
      allowNegative={signed}
      decimalScale={display.moneyDecimals}
      thousandSeparator={group}
      decimalSeparator={decimal}
      // Only the locale's own decimal sign: a Lao "." typed between digits groups them.
      allowedDecimalSeparators={[decimal]}
    />
  );
}
