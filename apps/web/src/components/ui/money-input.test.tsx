import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { intlLocale, type Locale } from '@wallet/contract/constants';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render';
import { MoneyInput, numberSeparators } from './money-input';

/** ICU's own writing of an amount as the box shows it: grouped, up to two decimals. */
const intl = (amount: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 2 }).format(amount);
/** Amounts as a wallet holds them: whole cents, up to a billion. */
const amounts = fc.integer({ min: 0, max: 100_000_000_000 }).map((cents) => cents / 100);

afterEach(() => useSessionStore.setState({ locale: 'en' }));

describe('the money box', () => {
  it('groups and points as each locale writes money: Lao groups with "."', () => {
    expect(numberSeparators('th')).toEqual({ group: ',', decimal: '.' });
    expect(numberSeparators('en')).toEqual({ group: ',', decimal: '.' });
    expect(numberSeparators('la')).toEqual({ group: '.', decimal: ',' });
  });

  for (const locale of ['th', 'la', 'en'] as const) {
    it(`shows any amount as Intl writes it in ${locale}, and reads it back as typed`, () => {
      useSessionStore.setState({ locale });
      fc.assert(
        fc.property(amounts, (amount) => {
          renderWithProviders(<MoneyInput label="Shown" value={amount} onChange={vi.fn()} />);
          expect(screen.getByLabelText<HTMLInputElement>('Shown').value).toBe(intl(amount, locale));
          const onChange = vi.fn();
          renderWithProviders(<MoneyInput label="Typed" value="" onChange={onChange} />);
          fireEvent.change(screen.getByLabelText('Typed'), {
            target: { value: intl(amount, locale) },
          });
          expect(onChange).toHaveBeenLastCalledWith(amount);
          cleanup();
        }),
        { numRuns: 20 },
      );
    });
  }

  for (const locale of ['th', 'la', 'en'] as const) {
    it(`takes an amount typed key by key as ${locale} writes it`, async () => {
      useSessionStore.setState({ locale });
      const onChange = vi.fn();
      renderWithProviders(<MoneyInput label="Amount" value="" onChange={onChange} />);
      await userEvent.type(screen.getByLabelText('Amount'), intl(1234567.5, locale));
      expect(onChange).toHaveBeenLastCalledWith(1234567.5);
    });
  }

  it('reads a Lao "1.000" as a thousand, not as one', async () => {
    useSessionStore.setState({ locale: 'la' });
    const onChange = vi.fn();
    renderWithProviders(<MoneyInput label="Amount" value="" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Amount'), '1.000');
    expect(onChange).toHaveBeenLastCalledWith(1000);
  });

  it('takes no minus sign', () => {
    const onChange = vi.fn();
    renderWithProviders(<MoneyInput label="Amount" value="" onChange={onChange} />);
    const box = screen.getByLabelText<HTMLInputElement>('Amount');
    fireEvent.change(box, { target: { value: '-50' } });
    expect(box.value).toBe('50');
  });
});
