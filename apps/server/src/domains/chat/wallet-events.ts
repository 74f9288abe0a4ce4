import type { WalletBalance } from '@wallet/contract/wallet';
import type { Log } from '../../lib/log';
import type { ChatGateway } from './chat.gateway';

/**
 * Pushes a member's main wallet to their sockets when it moves (issue 14; the API contract, chat
 * socket): deposits credited, withdrawals settled, transfers reconciled, rewards. The ledger
 * tells this process of its own movements; the other processes hear of them through the
 * socket.io adapter. Each process reads the balance only for members with a socket on it,
 * a moment after the movement (it may sit in a transaction about to commit), once for a burst
 * of movements, and again if more came while it read: the last event is the latest balance.
 */
export class WalletEvents {
  private readonly due = new Map<number, NodeJS.Timeout | 'reading' | 'again'>();
  private readonly announcing = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly deps: {
      gateway: ChatGateway;
      balance: (memberId: number) => Promise<WalletBalance>;
      log: Log;
      delayMs?: number;
    },
  ) {
    deps.gateway.onWalletMoved((memberId) => this.schedule(memberId));
  }

  /**
   * A movement this process made (Ledger.watch), on the money call's own path: the other
   * processes are told once per burst, after the same moment, off that path (a transfer moves
   * twice, and a busy member moves often).
   */
  moved(memberId: number): void {
    if (!this.announcing.has(memberId)) {
      const timer = setTimeout(() => {
        this.announcing.delete(memberId);
        this.deps.gateway.announceWalletMoved(memberId);
      }, this.deps.delayMs ?? 50);
      timer.unref();
      this.announcing.set(memberId, timer);
    }
    this.schedule(memberId);
  }

  private schedule(memberId: number): void {
    if (!this.deps.gateway.memberHere(memberId)) return;
    const state = this.due.get(memberId);
    if (state === 'reading') this.due.set(memberId, 'again');
    if (state !== undefined) return;
    const timer = setTimeout(() => void this.push(memberId), this.deps.delayMs ?? 50);
    timer.unref();
    this.due.set(memberId, timer);
  }

  private async push(memberId: number): Promise<void> {
    this.due.set(memberId, 'reading');
    try {
      const wallet = await this.deps.balance(memberId);
      this.deps.gateway.walletHere(memberId, { wallet, updatedAt: new Date().toISOString() });
    } catch (error) {
      this.deps.log.warn({ err: error, memberId }, 'wallet event not sent');
    }
    const again = this.due.get(memberId) === 'again';
    this.due.delete(memberId);
    if (again) this.schedule(memberId);
  }

  stop(): void {
    for (const state of this.due.values()) {
      if (typeof state === 'object') clearTimeout(state);
    }
    this.due.clear();
    for (const timer of this.announcing.values()) clearTimeout(timer);
    this.announcing.clear();
  }
}
