import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/query-client';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { servePaths } from '../../../../test/serve';
import { BankStep } from './bank-step';

// The Laos build: the wallet currency is chosen on this step (the spec's screens).
vi.mock('../../../../lib/variant', async (original) => ({
  ...(await original<typeof import('../../../../lib/variant')>()),
  variant: { laos: true },
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  servePaths(fetchMock, {
    '/api/lookup/banks': () =>
      jsonResponse({
        banks: [
          { code: 'BCEL', nameTH: 'BCEL', nameEN: 'BCEL', currency: 'LAK' },
          { code: 'SCB', nameTH: 'SCB', nameEN: 'Siam Commercial Bank', currency: 'BAHT' },
        ],
      }),
  });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** The bank choices the select offers now. */
async function bankChoices(): Promise<string[]> {
  await userEvent.click(screen.getByRole('combobox', { name: 'Bank' }));
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('the bank step of the Laos build (issue 30)', () => {
  it('offers the banks of the chosen currency: Lao banks for kip, Thai banks for baht', async () => {
    renderWithProviders(
      <BankStep submitting={false} onSubmit={async () => undefined} onBack={() => {}} />,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await bankChoices()).toEqual(['BCEL (BCEL)']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Wallet currency' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Thai baht (THB)' }));
    expect(await bankChoices()).toEqual(['Siam Commercial Bank (SCB)']);
  });
});
