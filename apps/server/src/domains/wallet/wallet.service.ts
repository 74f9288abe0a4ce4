import { fromMinor, toMinor } from '@wallet/contract/money';
import type {
  MoneyMoveResponse,
  RefreshSlotResponse,
  TransferAccount,
  WalletBalance,
  WalletResponse,
} from '@wallet/contract/wallet';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import type { Db } from '../../db/client';
import { isDomainError } from '../../lib/domain-error';
import type { AccountService } from '../account/account.service';
import type { AuthContext } from '../auth/auth.service';
import type { MemberMoneyInfo } from '../games/games.repository';
import type { GamesService } from '../games/games.service';
import { fingerprint, type Idempotency } from '../idempotency/idempotency';
import type { Ledger, MemberWallet } from '../ledger/ledger';
import type { TransferOutcome, TransferService } from './transfer.service';
import type { WithdrawalService } from './withdrawal.service';

export type WalletServiceDeps = {
  db: Db;
  ledger: Ledger;
  idempotency: Idempotency;
  accounts: AccountService;
  games: GamesService;
  transfers: TransferService;
  withdrawals: WithdrawalService;
};

function toWalletBalance({ cash, bonus }: MemberWallet): WalletBalance {
  return { amount: fromMinor(cash + bonus), cash: fromMinor(cash), bonus: fromMinor(bonus) };
}

/**
 * The wallet calls of SPEC.md section 7. Amounts arrive in baht and leave in baht; inside,
 * everything is minor units (STYLE.md habit 3). Every call that moves money runs under the
 * member's Idempotency-Key.
 */
export class WalletService {
  constructor(private readonly deps: WalletServiceDeps) {}

  /** GET /api/wallet. */
  async wallet(auth: AuthContext): Promise<WalletResponse> {
    const [profile, wallet, slots] = await Promise.all([
      this.deps.accounts.profile(auth),
      this.balance(auth.memberId),
      this.deps.games.slots(auth.memberId),
    ]);
    // The invite programme arrives with its own issue; until then there is nothing to collect.
    return { ...profile, wallet, invite: { amount: 0, success: 0, fail: 0 }, slots };
  }

  /** GET /api/wallet/refresh/slot. */
  async refresh(auth: AuthContext): Promise<RefreshSlotResponse> {
    const slots = await this.deps.games.refresh(auth.memberId);
    return { wallet: await this.balance(auth.memberId), slots };
  }

  /** The main wallet: cash (withdrawable) plus bonus money (docs: contract wallet.ts). */
  async balance(memberId: number): Promise<WalletBalance> {
    return toWalletBalance(await this.deps.ledger.memberWallet(this.deps.db, memberId));
  }

  /** POST /api/wallet/add (sandbox only): a demo deposit from the operator's deposits account. */
  add(auth: AuthContext, key: string | undefined, amount: number): Promise<MoneyMoveResponse> {
    return this.money(auth, key, 'add', { amount }, async (member) => {
      const { db, ledger } = this.deps;
      const minor = toMinor(amount);
      const [deposits, cash] = await Promise.all([
        ledger.operatorAccount('deposits', member.currency),
        ledger.memberAccount(member.id, 'cash', member.currency),
      ]);
      const opened = await ledger.open(
        db,
        {
          memberId: member.id,
          type: 'deposit',
          status: 'success',
          from: 'SANDBOX',
          to: WALLET_ACCOUNT,
          amount: minor,
          currency: member.currency,
        },
        [
          { accountId: deposits, amount: -minor },
          { accountId: cash, amount: minor },
        ],
      );
      return { status: 'success', amount: minor, wallet: opened.wallet };
    });
  }

  transfer(
    auth: AuthContext,
    key: string | undefined,
    input: { from: TransferAccount; to: TransferAccount; amount: number },
  ): Promise<MoneyMoveResponse> {
    return this.money(auth, key, 'transfer', input, (member) =>
      this.deps.transfers.transfer(member, input.from, input.to, toMinor(input.amount)),
    );
  }

  transferAll(
    auth: AuthContext,
    key: string | undefined,
    input: { to: TransferAccount },
  ): Promise<MoneyMoveResponse> {
    return this.money(auth, key, 'transferAll', input, (member) =>
      this.deps.transfers.transferAll(member, input.to),
    );
  }

  /** POST /api/wallet/withdraw: from the cash wallet only. */
  withdraw(auth: AuthContext, key: string | undefined, amount: number): Promise<MoneyMoveResponse> {
    return this.money(auth, key, 'withdraw', { amount }, (member) =>
      this.deps.withdrawals.withdraw(member, toMinor(amount)),
    );
  }

  /**
   * POST /api/wallet/withdrawAll (the withdraw modal): every game balance comes home first,
   * as far as the providers answer, then `amount` leaves the cash wallet.
   */
  withdrawAll(
    auth: AuthContext,
    key: string | undefined,
    amount: number,
  ): Promise<MoneyMoveResponse> {
    return this.money(auth, key, 'withdrawAll', { amount }, async (member) => {
      // A game that cannot pay back now (nothing there, a failing provider) leaves its money
      // where it is; the withdrawal then takes what the cash wallet holds.
      await this.deps.transfers.transferAll(member, WALLET_ACCOUNT).catch((error: unknown) => {
        if (!isDomainError(error)) throw error;
      });
      return this.deps.withdrawals.withdraw(member, toMinor(amount));
    });
  }

  private money(
    auth: AuthContext,
    key: string | undefined,
    call: string,
    body: unknown,
    work: (member: MemberMoneyInfo) => Promise<TransferOutcome>,
  ): Promise<MoneyMoveResponse> {
    return this.deps.idempotency.run(auth.memberId, key, fingerprint(call, body), async () => {
      const member = await this.deps.games.member(auth.memberId);
      const outcome = await work(member);
      return {
        success: true,
        status: outcome.status,
        amount: fromMinor(outcome.amount),
        // The movement's own statement told the wallet after it; otherwise it is read.
        wallet: outcome.wallet ? toWalletBalance(outcome.wallet) : await this.balance(member.id),
      };
    });
  }
}
