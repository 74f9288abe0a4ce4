import { randomUUID } from 'node:crypto';
import { fromMinor, toMinor } from '@wallet/contract/money';
import type {
  InviteSummary,
  MoneyMoveResponse,
  RefreshSlotResponse,
  TransferAccount,
  WalletBalance,
  WalletResponse,
} from '@wallet/contract/wallet';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import {
  fingerprint,
  type Idempotency,
  type IdempotencyTicket,
  type Recovery,
} from '../../core/idempotency/idempotency';
import type { Ledger, MemberWallet } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { DomainError, isDomainError } from '../../lib/domain-error';
import type { AccountService } from '../account/account.service';
import type { AuthContext } from '../auth/auth.service';
import type { DepositService } from '../deposit/deposit.service';
import type { GamesService, MemberMoneyInfo } from '../games/games.service';
import type { DepositRewards } from '../rewards/deposit-rewards';
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
  deposits: DepositService;
  rewards: DepositRewards;
  /** The referral card's invite summary (InviteService.summary). */
  inviteSummary: (memberId: number) => Promise<InviteSummary>;
};

function toWalletBalance({ cash, bonus }: MemberWallet): WalletBalance {
  return { amount: fromMinor(cash + bonus), cash: fromMinor(cash), bonus: fromMinor(bonus) };
}

/**
 * The wallet calls of the spec's calls. Amounts arrive in baht and leave in baht; inside,
 * everything is minor units (STYLE.md habit 3). Every call that moves money runs under the
 * member's Idempotency-Key.
 */
export class WalletService {
  constructor(private readonly deps: WalletServiceDeps) {}

  /** GET /api/wallet. */
  async wallet(auth: AuthContext): Promise<WalletResponse> {
    const [profile, wallet, slots, invite] = await Promise.all([
      this.deps.accounts.profile(auth),
      this.balance(auth.memberId),
      this.deps.games.slots(auth.memberId),
      this.deps.inviteSummary(auth.memberId),
    ]);
    const { profile: member, bankAccount } = profile;
    return { profile: member, bankAccount, wallet, invite, slots };
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
    return this.money(
      auth,
      key,
      { name: 'add', body: { amount }, recovery: 'final' },
      async (member, ticket) => {
        // Credited as every deposit is (docs/decisions/0038). The sandbox invents the money, so
        // each top-up is a reference of its own; the request's key is what makes it once (a key
        // is forgotten after a day, and the same key then asks for a new top-up).
        const credit = await this.deps.ledger.credit(
          this.deps.db,
          {
            source: 'sandbox',
            reference: randomUUID(),
            memberId: member.id,
            amount: toMinor(amount),
            currency: member.currency,
            from: 'deposits',
            into: 'cash',
            type: 'deposit',
            label: { from: 'SANDBOX', to: WALLET_ACCOUNT },
          },
          { ticket },
        );
        await this.deps.rewards.earned({ ...credit, currency: member.currency });
        return { status: 'success', amount: credit.amount, wallet: credit.wallet };
      },
    );
  }

  /** POST /api/wallet/truelink: a TrueMoney gift link, encrypted (DepositService.redeemGiftLink). */
  truelink(auth: AuthContext, key: string | undefined, link: string): Promise<MoneyMoveResponse> {
    return this.money(
      auth,
      key,
      { name: 'truelink', body: { link }, recovery: 'final' },
      (member, ticket) => this.deps.deposits.redeemGiftLink(member, link, ticket),
    );
  }

  transfer(
    auth: AuthContext,
    key: string | undefined,
    input: { from: TransferAccount; to: TransferAccount; amount: number },
  ): Promise<MoneyMoveResponse> {
    return this.money(
      auth,
      key,
      { name: 'transfer', body: input, recovery: 'transfer' },
      (member, ticket) =>
        this.deps.transfers.transfer(member, input.from, input.to, toMinor(input.amount), ticket),
    );
  }

  /**
   * The other money calls whose process died after they moved money (docs/decisions/0036):
   * `final`, a single posting that ends the request (the sandbox top-up); `sum`, transferAll:
   * what its legs moved, processing while one is unknown; `withdrawal`: the withdrawal's answer
   * (processing: its payout follows), and when withdrawAll stopped after bringing the games'
   * money home but before its withdrawal, the request runs again (the games it emptied move
   * nothing; the withdrawal is made once).
   */
  private async recoverFromMoves(
    { memberId, key }: Orphan,
    how: 'final' | 'sum' | 'withdrawal',
  ): ReturnType<Recovery<MoneyOutcome>> {
    const { transactions, wallet, last } = await this.movesOf(memberId, key);
    if (how === 'withdrawal') {
      const withdrawal = transactions.find((t) => t.type === 'withdraw');
      if (!withdrawal) return { rerun: true };
      return { final: true, answer: { status: 'processing', amount: withdrawal.amount, wallet } };
    }
    if (how === 'final') {
      return { final: true, answer: { status: 'success', amount: last.amount, wallet } };
    }
    const moved = transactions.filter((t) => t.status !== 'failed');
    if (moved.length === 0) return { final: true, refusal: new DomainError('TRANSFER_FAIL') };
    const amount = moved.reduce((sum, t) => sum + t.amount, 0);
    const unknown = moved.some((t) => t.status === 'processing');
    return {
      final: !unknown,
      answer: { status: unknown ? 'processing' : 'success', amount, wallet },
    };
  }

  /** What a request's key moved, the last of it, and the wallet now. */
  private async movesOf(memberId: number, key: string) {
    const moves = await this.deps.ledger.requestMoves(this.deps.db, memberId, key);
    const last = moves.transactions.at(-1);
    if (!last) throw new Error(`key ${key} says it moved money, but no transaction has it`);
    return { ...moves, last };
  }

  /**
   * A transfer whose process died after it moved money (docs/decisions/0036): its answer from
   * its transactions. The last one decides: processing while the provider's outcome is unknown
   * (the reconciler settles it), TRANSFER_FAIL when it failed, and TRANSFER_FAIL too for a game
   * → game transfer that stopped after its first leg (the money is in the wallet, as the first
   * request would have said had its second leg failed); otherwise success.
   */
  private async recoverTransfer({
    memberId,
    key,
    request,
  }: Orphan): ReturnType<Recovery<MoneyOutcome>> {
    const { wallet, last } = await this.movesOf(memberId, key);
    const asked = request as { from?: string; to?: string };
    const answer = (status: MoneyOutcome['status']) => ({ status, amount: last.amount, wallet });
    if (last.status === 'processing') return { final: false, answer: answer('processing') };
    const halfway =
      asked.from !== WALLET_ACCOUNT && asked.to !== WALLET_ACCOUNT && last.to === WALLET_ACCOUNT;
    if (last.status === 'failed' || halfway) {
      return { final: true, refusal: new DomainError('TRANSFER_FAIL') };
    }
    return { final: true, answer: answer('success') };
  }

  transferAll(
    auth: AuthContext,
    key: string | undefined,
    input: { to: TransferAccount },
  ): Promise<MoneyMoveResponse> {
    return this.money(
      auth,
      key,
      { name: 'transferAll', body: input, recovery: 'sum' },
      (member, ticket) => this.deps.transfers.transferAll(member, input.to, ticket),
    );
  }

  /** POST /api/wallet/withdraw: from the cash wallet only. */
  withdraw(auth: AuthContext, key: string | undefined, amount: number): Promise<MoneyMoveResponse> {
    return this.money(
      auth,
      key,
      { name: 'withdraw', body: { amount }, recovery: 'withdrawal' },
      (member, ticket) => this.deps.withdrawals.withdraw(member, toMinor(amount), ticket),
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
    return this.money(
      auth,
      key,
      { name: 'withdrawAll', body: { amount }, recovery: 'withdrawal' },
      async (member, ticket) => {
        // A game that cannot pay back now (nothing there, a failing provider) leaves its money
        // where it is; the withdrawal then takes what the cash wallet holds.
        await this.deps.transfers
          .transferAll(member, WALLET_ACCOUNT, ticket)
          .catch((error: unknown) => {
            if (!isDomainError(error)) throw error;
          });
        return this.deps.withdrawals.withdraw(member, toMinor(amount), ticket);
      },
    );
  }

  /**
   * A money call under its Idempotency-Key. What is stored and replayed is the outcome in minor
   * units with the wallet after it (`MoneyOutcome`); the answer is made from it the same way
   * for the first request and for every repeat. A transfer's work hands the ticket to its
   * postings (docs/decisions/0034).
   */
  private async money(
    auth: AuthContext,
    key: string | undefined,
    { name, body, recovery }: MoneyCall,
    work: (
      member: MemberMoneyInfo,
      ticket: IdempotencyTicket | undefined,
    ) => Promise<TransferOutcome>,
  ): Promise<MoneyMoveResponse> {
    const { games, idempotency, ledger, db } = this.deps;
    const options =
      recovery === 'transfer'
        ? { claimInPosting: true, recover: (orphan: Orphan) => this.recoverTransfer(orphan) }
        : { recover: (orphan: Orphan) => this.recoverFromMoves(orphan, recovery) };
    const outcome = await idempotency.run<MoneyOutcome | MoneyMoveResponse>(
      auth.memberId,
      key,
      { hash: fingerprint(name, body), request: body },
      async (ticket) => {
        const member = await games.member(auth.memberId);
        const moved = await work(member, ticket);
        return {
          status: moved.status,
          amount: moved.amount,
          // The movement's own statement told the wallet after it; otherwise it is read.
          wallet: moved.wallet ?? (await ledger.memberWallet(db, member.id)),
        };
      },
      options,
    );
    // A key stored before 0034 holds the answer itself (it lives a day).
    if ('success' in outcome) return outcome;
    return {
      success: true,
      status: outcome.status,
      amount: fromMinor(outcome.amount),
      wallet: toWalletBalance(outcome.wallet),
    };
  }
}

/**
 * A money call: its name and body (what its key's fingerprint covers), and how a retry after its
 * process died finds its answer (`transfer`: recoverTransfer; the rest: recoverFromMoves).
 */
type MoneyCall = {
  name: string;
  body: unknown;
  recovery: 'final' | 'sum' | 'withdrawal' | 'transfer';
};

type Orphan = Parameters<Recovery<MoneyOutcome>>[0];

/** What a money call's key stores: the outcome in minor units and the wallet after it. */
type MoneyOutcome = { status: TransferOutcome['status']; amount: number; wallet: MemberWallet };
