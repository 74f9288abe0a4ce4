import { constants, privateDecrypt, randomUUID } from 'node:crypto';
import {
  type DepositLookupResponse,
  DepositLookupResponseSchema,
  qrProviderOf,
} from '@wallet/contract/deposit';
import { fromMinor, type Minor, minor, toMinor } from '@wallet/contract/money';
import type { SandboxBankTransfer } from '@wallet/contract/sandbox';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import type { IdempotencyTicket } from '../../core/idempotency/idempotency';
import type { Ledger, MemberWallet } from '../../core/ledger/ledger';
import type { AmountLimits } from '../../core/settings/amount-limits';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { type CounterStore, spendOne } from '../../lib/counter-store';
import { sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../lib/domain-error';
import type { Log } from '../../lib/log';
import { type GiftLinkProvider, giftLinkCode } from '../../providers/truemoney/gift-links';
import type { AccountService } from '../account/account.service';
import type { AuthContext } from '../auth/auth.service';
import type { MemberMoneyInfo } from '../games/games.service';
import type { DepositRewards } from '../rewards/deposit-rewards';
import {
  claimGiftLink,
  findBankTransfer,
  findGiftLink,
  findReceivingAccount,
  listDepositAccounts,
  listStaleGiftLinks,
  listTruemoneyAccounts,
  listUnmatchedBankTransfers,
  markBankTransferCredited,
  markBankTransferRefunded,
  markGiftLinkCredited,
  recordBankTransfer,
  releaseGiftLink,
} from './deposit.repository';

export type DepositServiceDeps = {
  db: Db;
  /** The member's money details, cached per process (GamesService.member). */
  member: (memberId: number) => Promise<MemberMoneyInfo>;
  ledger: Ledger;
  giftLinks: GiftLinkProvider;
  counters: CounterStore;
  giftLinkAttemptsPerHour: number;
  rewards: DepositRewards;
  /** The gift-link minimum of each currency (issue 30). */
  limits: AmountLimits;
  /** Whether a paid bonus runs: it must end before the next deposit (BONUS_REMAINING). */
  bonusRunning: (memberId: number) => Promise<boolean>;
  log: Log;
  /** The member registered with a bank account (AccountService.memberByBankAccount). */
  memberByBankAccount: AccountService['memberByBankAccount'];
};

/** Deposits (the spec's screens, entities, states, validation rules and calls): the receiving accounts and the money that comes in. */
export class DepositService {
  constructor(private readonly deps: DepositServiceDeps) {}

  /** GET /api/lookup/deposit: the accounts the member can pay into, in the member's currency. */
  async lookup(auth: AuthContext): Promise<DepositLookupResponse> {
    const { db } = this.deps;
    const { currency } = await this.deps.member(auth.memberId);
    const [accounts, wallets, isManual] = await Promise.all([
      listDepositAccounts(db, currency),
      // TrueMoney wallets take baht.
      currency === 'BAHT' ? listTruemoneyAccounts(db) : Promise.resolve([]),
      readSetting(db, 'manualDeposit'),
    ]);
    // Parsed like every settings read: a hand-edited row with an unknown code fails loudly here
    // instead of reaching a client.
    return DepositLookupResponseSchema.parse({
      banks: accounts.map((a) => ({
        bankCode: a.bankCode,
        bankType: a.bankType,
        mode: a.mode,
        bank: { nameTH: a.nameTH, nameEN: a.nameEN },
        bankAccountName: a.accountName,
        bankAccountNo: a.accountNo,
        currency: a.currency,
      })),
      wallets: wallets.map((w) => ({ mode: w.mode, walletAccountName: w.phone })),
      isManual,
    });
  }

  /**
   * An incoming transfer reported by the bank feed (docs/decisions/0040): kept, matched to the
   * member by the sending bank and account number, and credited once per bank reference
   * (Ledger.credit, source `bank`: the same transfer read off a slip credits under the same
   * reference, so it lands once). The amount is in the currency of the operator's account that
   * received it (issue 30, docs/decisions/0050): it is credited only to a wallet of that
   * currency. A transfer that matches no member, or a member whose wallet holds another
   * currency, is kept for the operator and credited to no one. An unknown receiving account is
   * refused before anything is kept. Each step is one statement that is safe to repeat, in
   * autocommit: a feed delivers again until it is answered, so a delivery cut between the credit
   * and the link finds the credit made and makes the link.
   */
  async receiveBankTransfer(report: SandboxBankTransfer): Promise<{ matched: boolean }> {
    const { db, ledger, log } = this.deps;
    const amount = toMinor(report.amount);
    const { reference } = report;
    const receiving = report.toAccountNo
      ? await findReceivingAccount(db, report.toAccountNo)
      : await this.defaultReceivingAccount();
    if (!receiving) throw new DomainError('KEY_INVALID', { field: 'toAccountNo' });
    await recordBankTransfer(db, {
      reference,
      bankCode: report.bankCode,
      accountNo: report.accountNo,
      amount,
      toAccountNo: receiving.accountNo,
      currency: receiving.currency,
    });
    const member = await this.deps.memberByBankAccount(report.bankCode, report.accountNo);
    if (!member) {
      log.warn({ reference }, 'bank transfer from no member: kept for the operator');
      return { matched: false };
    }
    if (member.currency !== receiving.currency) {
      // 100,000 kip is not 100,000 baht: never credited in the wallet's currency.
      log.warn(
        { reference, memberId: member.id, currency: receiving.currency },
        'bank transfer in another currency than the member wallet: kept for the operator',
      );
      return { matched: false };
    }
    const credit = await ledger.credit(db, {
      source: 'bank',
      reference,
      memberId: member.id,
      amount,
      currency: receiving.currency,
      from: 'deposits',
      into: 'cash',
      type: 'deposit',
      label: { from: report.bankCode, to: WALLET_ACCOUNT },
    });
    if (!credit.credited && (credit.memberId !== member.id || credit.amount !== amount)) {
      // The reference was credited before with other details: a broken or forged report.
      log.warn(
        { reference, memberId: member.id, amount, credited: credit },
        'bank transfer reported again with other details: nothing credited',
      );
    }
    await markBankTransferCredited(db, reference, credit);
    await this.deps.rewards.earned({ ...credit, currency: receiving.currency });
    if (credit.credited) log.info({ reference, amount }, 'bank transfer credited');
    return { matched: true };
  }

  /**
   * A kept bank transfer credited to the member staff chose (the money desk, after a second
   * staff member approved it): the same once-only credit as the feed's, under the bank's
   * reference, so a feed that later matches it credits nothing more. The member's wallet must
   * hold the transfer's currency. Safe to repeat.
   */
  async creditKeptTransfer(reference: string, member: { id: number; currency: string }) {
    const { db, ledger } = this.deps;
    const transfer = await findBankTransfer(db, reference);
    if (!transfer || transfer.refundedAt) throw new DomainError('NO_DATA');
    if (transfer.memberId !== null && transfer.memberId !== member.id) {
      throw new DomainError('NO_DATA');
    }
    if (transfer.currency !== member.currency) {
      throw new DomainError('BANK_CURRENCY_MISMATCH', { field: 'memberId' });
    }
    const credit = await ledger.credit(db, {
      source: 'bank',
      reference,
      memberId: member.id,
      amount: minor(transfer.amount),
      currency: transfer.currency,
      from: 'deposits',
      into: 'cash',
      type: 'deposit',
      label: { from: transfer.bankCode, to: WALLET_ACCOUNT },
    });
    await markBankTransferCredited(db, reference, credit);
    await this.deps.rewards.earned({ ...credit, currency: transfer.currency });
    return credit;
  }

  /** One kept transfer (credited to no one, not sent back), or null. */
  async keptTransfer(reference: string) {
    const row = await findBankTransfer(this.deps.db, reference);
    if (!row || row.memberId !== null || row.refundedAt !== null) return null;
    return { reference, amount: fromMinor(row.amount), currency: row.currency ?? '' };
  }

  /** The kept transfers, for the money desk. */
  async keptTransfers() {
    const rows = await listUnmatchedBankTransfers(this.deps.db, 200);
    return rows.map((row) => ({
      ...row,
      amount: fromMinor(row.amount),
      currency: row.currency ?? '',
      toAccountNo: row.toAccountNo ?? '',
      receivedAt: row.receivedAt.toISOString(),
    }));
  }

  /** A kept transfer the operator sent back outside the system: no longer offered. */
  async markRefunded(reference: string, note: string): Promise<void> {
    if (!(await markBankTransferRefunded(this.deps.db, reference, note, new Date()))) {
      throw new DomainError('NO_DATA');
    }
  }

  /**
   * The receiving account of a report that names none (the API contract, the sandbox's feed): the
   * first baht bank account the feed credits (AUTO, not a QR flow), the seed's SCB account.
   */
  /** The operator's accounts that receive deposits in `currency`. */
  receivingAccounts(currency: string) {
    return listDepositAccounts(this.deps.db, currency);
  }

  private async defaultReceivingAccount() {
    const accounts = await listDepositAccounts(this.deps.db, 'BAHT');
    return (
      accounts.find((a) => a.bankType === 'BANK' && a.mode === 'AUTO' && !qrProviderOf(a)) ?? null
    );
  }

  /**
   * POST /api/wallet/truelink's work, under the request's Idempotency-Key (WalletService
   * .truelink; docs/decisions/0041). The link arrives encrypted with the installation's public
   * key (the API contract). It must be a TrueMoney gift link TrueMoney knows, unused elsewhere, of at
   * least 2 baht, sent from the member's own phone (the spec's validation rules); then it is claimed for
   * the member (a link claimed before is TRUELINK_DUPLICATE), redeemed into the operator's
   * gift-link wallet and credited once (Ledger.credit, source `truemoney`, reference the code).
   * A refusal changes nothing.
   */
  async redeemGiftLink(
    member: MemberMoneyInfo,
    ciphertext: string,
    ticket: IdempotencyTicket | undefined,
  ): Promise<{ status: 'success'; amount: Minor; wallet: MemberWallet | undefined }> {
    const { db, giftLinks, counters } = this.deps;
    // Counted before anything is read, so that guessing links costs attempts (Redis-backed with
    // REDIS_URL, like the sign-in limit).
    const perHour = this.deps.giftLinkAttemptsPerHour;
    await spendOne(counters, `gift-link:${member.id}`, 3_600_000, perHour, 'REQUEST_LIMIT');
    if (await this.deps.bonusRunning(member.id)) throw new DomainError('BONUS_REMAINING');
    const code = giftLinkCode(await this.decrypt(ciphertext));
    // TrueMoney wallets hold baht: a kip member has no gift-link wallet (GET /api/lookup/deposit).
    if (!code || member.currency !== 'BAHT') throw new DomainError('TRUELINK_INVALID');
    const [voucher, receiver] = await Promise.all([giftLinks.inspect(code), this.receiver()]);
    if (!voucher || (voucher.redeemedBy !== null && voucher.redeemedBy !== receiver)) {
      throw new DomainError('TRUELINK_INVALID');
    }
    // The spec's validation rules's 2-baht minimum, a setting of the currency (issue 30).
    const { giftLinkMin } = await this.deps.limits.of(member.currency);
    if (voucher.senderPhone !== member.username || voucher.amount < giftLinkMin) {
      throw new DomainError('TRUELINK_INVALID');
    }
    // A retry of this very request (its key) may go on with the claim it made before it died;
    // any other claim means the link was handed in before, or is being handed in right now.
    const claimedBy = ticket ? `key:${member.id}:${ticket.key}` : `once:${randomUUID()}`;
    const claim = { code, memberId: member.id, amount: voucher.amount, claimedBy };
    if (!(await claimGiftLink(db, claim))) {
      const earlier = await findGiftLink(db, code);
      if (earlier?.claimedBy !== claimedBy) throw new DomainError('TRUELINK_DUPLICATE');
      // This request's own claim, completed by the settler while the request was gone: its
      // answer is that credit.
      if (earlier.state === 'credited') {
        return { status: 'success', amount: minor(earlier.amount), wallet: undefined };
      }
    }
    return this.completeGiftLink(
      { code, memberId: member.id, amount: voucher.amount },
      receiver,
      ticket,
    );
  }

  /**
   * Completes the claims whose request died between claim and credit (run with the reconciler):
   * redeemed if TrueMoney still holds the voucher for us, credited once.
   */
  async settleGiftLinks(olderThanMs: number): Promise<{ settled: number }> {
    const { db, log } = this.deps;
    const stale = await listStaleGiftLinks(db, olderThanMs);
    if (stale.length === 0) return { settled: 0 };
    const receiver = await this.receiver();
    let settled = 0;
    for (const claim of stale) {
      try {
        await this.completeGiftLink(claim, receiver, undefined);
        settled += 1;
      } catch (error) {
        // The voucher code is money to whoever reads it: the log names it by a digest only
        // (support finds the row with `encode(sha256(code::bytea), 'hex')`).
        const link = sha256Hex(claim.code).slice(0, 16);
        log.error({ err: error, memberId: claim.memberId, link }, 'gift link not settled');
      }
    }
    return { settled };
  }

  private async completeGiftLink(
    claim: { code: string; memberId: number; amount: number },
    receiver: string,
    ticket: IdempotencyTicket | undefined,
  ): Promise<{ status: 'success'; amount: Minor; wallet: MemberWallet | undefined }> {
    const { db, ledger, giftLinks } = this.deps;
    if ((await giftLinks.redeem(claim.code, receiver)) === 'refused') {
      await releaseGiftLink(db, claim.code);
      throw new DomainError('TRUELINK_INVALID');
    }
    const credit = await ledger.credit(
      db,
      {
        source: 'truemoney',
        reference: claim.code,
        memberId: claim.memberId,
        amount: minor(claim.amount),
        currency: 'BAHT',
        from: 'deposits',
        into: 'cash',
        type: 'deposit',
        label: { from: 'TRUEWALLET', to: WALLET_ACCOUNT },
      },
      { ticket },
    );
    await markGiftLinkCredited(db, claim.code);
    await this.deps.rewards.earned({ ...credit, currency: 'BAHT' });
    return { status: 'success', amount: credit.amount, wallet: credit.wallet };
  }

  /** The operator's gift-link wallet; without one no link can be redeemed. */
  private async receiver(): Promise<string> {
    const wallets = await listTruemoneyAccounts(this.deps.db);
    const wallet = wallets.find((w) => w.mode === 'GIFT_LINK');
    if (!wallet) throw new DomainError('TRUELINK_INVALID');
    return wallet.phone;
  }

  /** The link as the member pasted it; a ciphertext that does not decrypt is TRUELINK_INVALID. */
  private async decrypt(ciphertext: string): Promise<string> {
    const { privateKey } = await readSetting(this.deps.db, 'truelinkKey');
    try {
      return privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    } catch {
      throw new DomainError('TRUELINK_INVALID');
    }
  }
}
