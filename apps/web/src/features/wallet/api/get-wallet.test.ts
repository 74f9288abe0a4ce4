import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { walletAnswer as answer } from '../../../test/fixtures';
import { jsonResponse } from '../../../test/render';
import { getWallet } from './get-wallet';

afterEach(() => vi.unstubAllGlobals());

describe('the wallet', () => {
  it('totals the main wallet and every game account to the satang', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(answer)),
    );
    const wallet = await getWallet();
    // 100.10 + 0.20 + 50.05 + 0: no floating-point leftovers such as 150.35000000000002.
    expect(wallet.total).toBe(150.35);
    expect(wallet.inviteAmount).toBe(25);
    expect(wallet.slotAccount.map((s) => s.code)).toEqual(['PG']);
    expect(wallet.sportAccount.map((s) => s.code)).toEqual(['UFABET']);
    expect(wallet.lottoAccount.map((s) => s.code)).toEqual(['HUAYHD']);
  });

  it('records the sync time in the store', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(answer)),
    );
    useSessionStore.getState().setLastSync(null);
    const wallet = await getWallet();
    expect(useSessionStore.getState().lastSync).toBe(new Date(wallet.timesync).toISOString());
  });
});
