import {
  type BankAccountNameUpdate,
  type ChangePassword,
  defaultCurrency,
  inviteCodeOf,
  memberIdFromInviteCode,
  type ProfileResponse,
  type ProfileUpdate,
  type RegisterResponse,
  type Registration,
  type RegistrationValidate,
  type Variant,
} from '@wallet/contract/account';
import type { Success } from '@wallet/contract/common';
import { type Currency, currencyCountry } from '@wallet/contract/constants';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/pg-errors';
import type { CounterStore } from '../../lib/counter-store';
import { DomainError, waitRefusal } from '../../lib/domain-error';
import type { Origin } from '../../lib/origin';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { canonicalPhone } from '../../lib/phone';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { SessionCache } from '../auth/session-cache';
import { bankCountries, type LookupService } from '../lookup/lookup.service';
import type { OtpService } from '../otp/otp.service';
import {
  bankAccountTaken,
  findMemberByBankAccount,
  findMemberByUsername,
  findPasswordHash,
  findProfileRow,
  insertMember,
  memberExists,
  type ProfileRow,
  updateMember,
} from './account.repository';

export type AccountServiceDeps = {
  db: Db;
  counters: CounterStore;
  variant: Variant;
  otp: OtpService;
  passwordMaxFailures: number;
  passwordFailureWindowMinutes: number;
  /** EXISTING_BANK answers one verified phone may have per hour while OTP is on. */
  bankChecksPerPhonePerHour: number;
  /** Forgets the other sessions a password change revokes. */
  sessions: SessionCache;
  now: () => Date;
  /**
   * Revokes the other sessions of a password change, in its transaction; keeps a registration
   * with where it came from (the back office's flags).
   */
  auth: Pick<AuthService, 'revokeOtherSessions' | 'record'>;
  /** The banks and sources a registration names. */
  lookup: Pick<LookupService, 'bank' | 'sourceExists'>;
};

/** References a registration names: each must exist before anything is written. */
type References = { inviterId: number | null; sourceCode: string | null };

/**
 * Whether the check "is this bank account registered already" runs (EXISTING_BANK), and whether
 * it counts against the phone's hourly allowance (docs/decisions/0054).
 */
type BankCheck = { tell: boolean; counted: boolean };

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * POST /api/account/validate: the rules of registration that need the database. While OTP is
   * on, whether the bank account is taken is told only to the holder of a verified OTP token of
   * the phone (issue 30: anyone could look up whether an account number belongs to a member);
   * without one that check is left to registration, which needs the verified phone anyway.
   */
  async validate(input: RegistrationValidate): Promise<{ valid: true }> {
    const username = this.phone(input.username);
    const otpRequired = await readSetting(this.deps.db, 'registerOTP');
    const tell =
      !otpRequired ||
      (input.otpToken !== undefined &&
        (await this.deps.otp.holdsVerifiedToken(username, input.otpToken)));
    await this.checkRegistration({ ...input, username }, { tell, counted: otpRequired });
    return { valid: true };
  }

  /** POST /api/account from `origin`. */
  async register(input: Registration, origin: Origin): Promise<RegisterResponse> {
    const { db, variant } = this.deps;
    const username = this.phone(input.username);
    const otpRequired = await readSetting(db, 'registerOTP');
    const verified = !otpRequired || (await this.deps.otp.hasVerifiedPhone(db, username));
    // An unverified phone learns nothing of the bank account: UNVERIFIED_OTP comes first.
    const refs = await this.checkRegistration(
      { ...input, username },
      { tell: verified, counted: otpRequired },
    );
    if (!verified) throw new DomainError('UNVERIFIED_OTP', { field: 'username' });

    // Hashing is the slow part: it runs only once every cheap check has passed.
    const passwordHash = await hashPassword(input.password);
    const currency = walletCurrency(variant, input.currency);

    await db.transaction(async (tx) => {
      if (otpRequired && !(await this.deps.otp.consumeVerifiedPhone(tx, username))) {
        throw new DomainError('UNVERIFIED_OTP', { field: 'username' });
      }
      let memberId: number;
      try {
        ({ id: memberId } = await insertMember(tx, {
          username,
          name: input.name,
          passwordHash,
          bankCode: input.bankCode,
          bankAccountName: input.bankAccountName,
          bankAccountNo: input.bankAccountNo,
          currency,
          sourceCode: refs.sourceCode,
          inviterId: refs.inviterId,
        }));
      } catch (error) {
        // A registration that raced this one past the checks above.
        const constraint = uniqueViolation(error);
        if (constraint === 'members_username_key') {
          throw new DomainError('EXISTING_USER', { field: 'username' });
        }
        if (constraint === 'members_bank_account_key') {
          throw new DomainError('EXISTING_BANK', { field: 'bankAccountNo' });
        }
        throw error;
      }
      await this.deps.auth.record(memberId, 'registered', origin, tx);
    });
    return { success: true, username };
  }

  /** GET /api/account/profile: always the token's member, never one named in the request. */
  async profile(auth: AuthContext): Promise<ProfileResponse> {
    const row = await findProfileRow(this.deps.db, auth.memberId);
    if (!row) throw new DomainError('INVALID_USER_3');
    return toProfileResponse(row);
  }

  /**
   * PUT /api/account/profile. The name and the account holder's name may change; the payout
   * account itself may not (docs/decisions/0010-bank-account-changes.md).
   */
  async updateProfile(auth: AuthContext, input: ProfileUpdate): Promise<ProfileResponse> {
    const current = await this.profile(auth);
    if (input.bankCode !== current.profile.bankCode) {
      throw new DomainError('INVALID_BANK', { field: 'bankCode' });
    }
    if (input.bankAccountNo !== current.profile.bankAccountNo) {
      throw new DomainError('INVALID_BANK', { field: 'bankAccountNo' });
    }
    await updateMember(this.deps.db, auth.memberId, {
      name: input.name,
      bankAccountName: input.bankAccountName,
    });
    return this.profile(auth);
  }

  /** PUT /api/account/bankAccountName (the spec's states, KBANK auto bank-name edit). */
  async updateBankAccountName(
    auth: AuthContext,
    input: BankAccountNameUpdate,
  ): Promise<ProfileResponse> {
    const current = await this.profile(auth);
    if (input.bankCode !== current.profile.bankCode) {
      throw new DomainError('INVALID_BANK', { field: 'bankCode' });
    }
    await updateMember(this.deps.db, auth.memberId, { bankAccountName: input.bankAccountName });
    return this.profile(auth);
  }

  /**
   * PUT /api/account/changepwd. Every other session of the member ends with the old
   * password; the one making the change stays signed in.
   */
  async changePassword(auth: AuthContext, input: ChangePassword): Promise<Success> {
    const { db, counters } = this.deps;
    // A stolen session must not become a way to guess the password: same limit as sign-in.
    const attemptsKey = `changepwd-attempts:${auth.memberId}`;
    const attempts = await counters.increment(
      attemptsKey,
      this.deps.passwordFailureWindowMinutes * 60_000,
    );
    if (attempts > this.deps.passwordMaxFailures) {
      throw waitRefusal('REQUEST_LIMIT_1MIN', await counters.remainingMs(attemptsKey));
    }
    const passwordHash = await findPasswordHash(db, auth.memberId);
    if (!passwordHash) throw new DomainError('INVALID_USER_3');
    if (!(await verifyPassword(passwordHash, input.oldPassword))) {
      throw new DomainError('WRONG_PASSWORD', { field: 'oldPassword' });
    }
    await counters.reset(attemptsKey);
    const newHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await updateMember(tx, auth.memberId, { passwordHash: newHash });
      await this.deps.auth.revokeOtherSessions(tx, auth.memberId, auth.tokenHash);
    });
    await this.deps.sessions.forgetMember(auth.memberId, auth.tokenHash);
    return { success: true };
  }

  /**
   * Sets the account name of the member named `username` as the bank writes it (the sandbox's
   * operator records); false for no such member.
   */
  async setBankAccountName(username: string, bankAccountName: string): Promise<boolean> {
    const member = await findMemberByUsername(this.deps.db, username);
    if (!member) return false;
    await updateMember(this.deps.db, member.id, { bankAccountName });
    return true;
  }

  /** The member registered with this bank account, or null (a bank transfer's sender). */
  async memberByBankAccount(bankCode: string, bankAccountNo: string) {
    return (await findMemberByBankAccount(this.deps.db, bankCode, bankAccountNo)) ?? null;
  }

  private phone(username: string): string {
    return canonicalPhone(this.deps.variant, username);
  }

  /** The checks shared by validate and register, cheapest first. */
  private async checkRegistration(
    input: RegistrationValidate,
    bankCheck: BankCheck,
  ): Promise<References> {
    const { db, variant } = this.deps;
    if (await findMemberByUsername(db, input.username)) {
      throw new DomainError('EXISTING_USER', { field: 'username' });
    }

    let inviterId: number | null = null;
    if (input.inviteCode) {
      inviterId = memberIdFromInviteCode(input.inviteCode);
      if (inviterId === null || !(await memberExists(db, inviterId))) {
        throw new DomainError('KEY_INVALID', { field: 'inviteCode' });
      }
    }

    const sourceCode = input.sourceCode ? input.sourceCode : null;
    if (sourceCode !== null && !(await this.deps.lookup.sourceExists(sourceCode))) {
      throw new DomainError('KEY_INVALID', { field: 'sourceCode' });
    }

    if (input.bankCode !== undefined) {
      const bank = await this.deps.lookup.bank(input.bankCode, bankCountries(variant));
      if (!bank) throw new DomainError('INVALID_BANK', { field: 'bankCode' });
      // Issue 30: the payout account holds the wallet's currency (a BAHT wallet pays out to Thai
      // banks, a LAK wallet to Lao banks), so no payout ever crosses currencies.
      if (bank.country !== currencyCountry[walletCurrency(variant, input.currency)]) {
        throw new DomainError('BANK_CURRENCY_MISMATCH', { field: 'bankCode' });
      }
      if (input.bankAccountNo !== undefined && bankCheck.tell) {
        if (bankCheck.counted) await this.countBankCheck(input.username);
        if (await bankAccountTaken(db, input.bankCode, input.bankAccountNo)) {
          throw new DomainError('EXISTING_BANK', { field: 'bankAccountNo' });
        }
      }
    }
    return { inviterId, sourceCode };
  }

  /**
   * One verified phone may ask about bank accounts only so often: a verification would
   * otherwise open thirty minutes of account-number lookups.
   */
  private async countBankCheck(phone: string): Promise<void> {
    const key = `bank-checks:${phone}`;
    const checks = await this.deps.counters.increment(key, 3_600_000);
    if (checks > this.deps.bankChecksPerPhonePerHour) {
      throw waitRefusal('REQUEST_LIMIT', await this.deps.counters.remainingMs(key));
    }
  }
}

/** The spec's overview: only the Laos variant offers a currency (default LAK). */
function walletCurrency(variant: Variant, chosen: Currency | undefined): Currency {
  return variant.laos ? (chosen ?? defaultCurrency(variant)) : 'BAHT';
}

export function toProfileResponse(row: ProfileRow): ProfileResponse {
  const bank = { code: row.bankCode, nameTH: row.bankNameTh, nameEN: row.bankNameEn };
  return {
    profile: {
      _id: row.id,
      name: row.name,
      username: row.username,
      coin: row.coin,
      createdAt: row.createdAt.toISOString(),
      bankCode: row.bankCode,
      bankAccountName: row.bankAccountName,
      bankAccountNo: row.bankAccountNo,
      bank,
      currency: row.currency === 'LAK' ? 'LAK' : 'BAHT',
      inviteCode: inviteCodeOf(row.id),
    },
    bankAccount: { bankAccountName: row.bankAccountName, bankAccountNo: row.bankAccountNo, bank },
  };
}
