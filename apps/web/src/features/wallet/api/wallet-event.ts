import type { WalletEvent } from '@wallet/contract/chat';
import { type UserInfo, walletTotal } from '@wallet/contract/wallet';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

let lastEventAt = 0;

/**
 * A `wallet` event of the chat socket (the API contract, chat socket): the member's main wallet
 * after a balance change. It goes into the wallet query's data, total recomputed with the game
 * balances held, so home shows the new balance without a refresh. An event older than one
 * already applied (a reconnection can replay the order) is dropped; with no wallet read yet
 * there is nothing to update, and the next read brings the balance anyway.
 */
export function applyWalletEvent(event: WalletEvent): void {
  const at = Date.parse(event.updatedAt);
  if (Number.isFinite(at)) {
    if (at < lastEventAt) return;
    lastEventAt = at;
  }
  queryClient.setQueryData<UserInfo>(queryKeys.wallet.summary(), (info) =>
    info ? { ...info, wallet: event.wallet, total: walletTotal(event.wallet, info.slots) } : info,
  );
}
