import { type DepositLookupResponse, DepositLookupResponseSchema } from '@wallet/contract/deposit';
import { toMinor } from '@wallet/contract/money';
import type { SandboxBankTransfer } from '@wallet/contract/sandbox';
import { WALLET_ACCOUNT } from '@wallet/contract/wallet';
import type { Db } from '../../db/client';
import type { AuthContext } from '../auth/auth.service';
import type { Ledger } from '../ledger/ledger';
import { readSetting } from '../settings/settings.repository';
import {
  listDepositAccounts,
  listTruemoneyAccounts,
  markBankTransferCredited,
  memberByBankAccount,
  memberCurrency,
  recordBankTransfer,
} from './deposit.repository';

type Log = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

export type DepositServiceDeps = { db: Db; ledger: Ledger; log: Log };

/** Deposits (SPEC.md sections 2–5 and 7): the receiving accounts and the money that comes in. */
export class DepositService {
  constructor(private readonly deps: DepositServiceDeps) {}

  /** GET /api/lookup/deposit: the accounts the member can pay into, in the member's currency. */
  async lookup(auth: AuthContext): Promise<DepositLookupResponse> {
    const { db } = this.deps;
    const currency = await memberCurrency(db, auth.memberId);
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
   * reference, so it lands once). A transfer that matches no member is kept for the operator
   * and credited to no one. Each step is one statement that is safe to repeat, in autocommit:
   * a feed delivers again until it is answered, so a delivery cut between the credit and the
   * link finds the credit made and makes the link.
   */
  async receiveBankTransfer(report: SandboxBankTransfer): Promise<{ matched: boolean }> {
    const { db, ledger, log } = this.deps;
    const amount = toMinor(report.amount);
    const { reference } = report;
    await recordBankTransfer(db, {
      reference,
      bankCode: report.bankCode,
      accountNo: report.accountNo,
      amount,
    });
    const member = await memberByBankAccount(db, report.bankCode, report.accountNo);
    if (!member) {
      log.warn({ reference }, 'bank transfer from no member: kept for the operator');
      return { matched: false };
    }
    const credit = await ledger.credit(db, {
      source: 'bank',
      reference,
      memberId: member.id,
      amount,
      currency: member.currency,
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
    if (credit.credited) log.info({ reference, amount }, 'bank transfer credited');
    return { matched: true };
  }
}
