import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWallet } from '../features/wallet/api/get-wallet';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { walletAnswer } from '../test/fixtures';
import { jsonResponse, renderWithProviders } from '../test/render';
import { useMoney } from './use-money';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

function Total() {
  const { data } = useWallet();
  const money = useMoney();
  return <p>{data ? money(data.total) : 'none'}</p>;
}

describe('the money hook', () => {
  it("writes amounts in the wallet's currency, and leaves the wallet query to refresh", async () => {
    const kip = { ...walletAnswer, profile: { ...walletAnswer.profile, currency: 'LAK' } };
    const fetchMock = vi.fn(async () => jsonResponse(kip));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Total />);
    expect(await screen.findByText('150.35 kip')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A money move refreshes the wallet: reading the currency must not stop that.
    await queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
