import { randomInt } from 'node:crypto';
import { isLatinName, needsLatinName } from '@wallet/contract/account';
import { fromMinor } from '@wallet/contract/money';
import type { StaffPage } from '@wallet/contract/staff';
import type { MemberDetail, MemberFlag, MemberSummary } from '@wallet/contract/staff-members';
import type { AuditLog } from '../../core/audit/audit';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { type CounterStore, spendOne } from '../../lib/counter-store';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../../lib/passwords';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { AuthService } from '../auth/auth.service';
import type { SessionCache } from '../auth/session-cache';
import type { ChangedBy } from '../staff/staff-accounts';
import {
  bonusThenWithdrawal,
  findMemberForStaff,
  insertMemberNote,
  memberNotesOf,
  replaceMemberField,
  searchMembers,
  updateMember,
} from './account.repository';

export type MemberDeskDeps = {
  db: Db;
  audit: AuditLog;
  ledger: Ledger;
  auth: Pick<
    AuthService,
    | 'revokeOtherSessions'
    | 'sessionsOf'
    | 'signInsOf'
    | 'sharingWith'
    | 'failuresSince'
    | 'clearSignInLock'
  >;
  sessions: SessionCache;
  /** Sends the temporary password of a reset. */
  sms: Pick<SmsSender, 'sendPassword'>;
  /** Counts password resets per member (each is an SMS). */
  counters: CounterStore;
  now: () => Date;
};

const DAY_MS = 24 * 3_600_000;
/** How far back the flags look for shared devices and addresses, and bonuses then withdrawals. */
const FLAG_WINDOW_MS = 90 * DAY_MS;
/** A withdrawal this soon after taking a bonus is flagged. */
const BONUS_THEN_WITHDRAWAL_MS = DAY_MS;
/** This many wrong passwords in a day are flagged. */
const FAILED_SIGN_INS_FLAGGED = 5;
/** Password resets a member may be sent in a day (each is an SMS). */
const RESETS_PER_DAY = 3;
/** Temporary passwords: no 0/O, 1/l/I to misread from an SMS. */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Members as staff see and change them (docs/backoffice.md): found by phone, name, bank account,
 * id or invite code; deactivated and reactivated with a reason, in the audit log.
 */
export class MemberDesk {
  constructor(private readonly deps: MemberDeskDeps) {}

  async search(
    q: string,
    page: StaffPage<'createdAt' | 'name'>,
  ): Promise<{ members: MemberSummary[]; total: number }> {
    const { rows, total } = await searchMembers(this.deps.db, q, page);
    return {
      members: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total,
    };
  }

  /**
   * One member's page: profile, balances, latest movements, sessions, sign-ins, what a human
   * should look at, staff's notes and the status history.
   */
  async detail(memberId: number): Promise<MemberDetail> {
    const { db, ledger, audit, auth } = this.deps;
    const member = await findMemberForStaff(db, memberId);
    if (!member) throw new DomainError('NO_USER');
    const [balances, movements, sessions, signIns, flags, notes, history] = await Promise.all([
      ledger.memberBalances(db, memberId),
      ledger.recentTransactions(db, memberId, 50),
      auth.sessionsOf(memberId),
      auth.signInsOf(memberId),
      this.flagsOf(memberId),
      memberNotesOf(db, memberId),
      audit.list({ target: `member:${memberId}`, limit: 50 }),
    ]);
    return {
      member: { ...member, createdAt: member.createdAt.toISOString() },
      balances: balances.map((row) => ({ ...row, balance: fromMinor(row.balance) })),
      ledger: movements.map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        from: row.from,
        to: row.to,
        amount: fromMinor(row.amount),
        createdAt: row.createdAt.toISOString(),
      })),
      sessions,
      signIns,
      flags,
      notes: notes.map((note) => ({ ...note, at: note.at.toISOString() })),
      history,
    };
  }

  /** What a human should look at (docs/backoffice.md, "Flags"). */
  async flagsOf(memberId: number): Promise<MemberFlag[]> {
    const { db, auth, now } = this.deps;
    const at = now().getTime();
    const since = new Date(at - FLAG_WINDOW_MS);
    const today = new Date(at - DAY_MS);
    const [sameDevice, sameAddress, bonus, failures] = await Promise.all([
      auth.sharingWith(memberId, 'deviceId', since),
      auth.sharingWith(memberId, 'ip', since),
      bonusThenWithdrawal(db, memberId, since, BONUS_THEN_WITHDRAWAL_MS),
      auth.failuresSince(memberId, today),
    ]);
    const flags: MemberFlag[] = [];
    if (sameDevice.length > 0) flags.push({ kind: 'same-device', members: sameDevice });
    if (sameAddress.length > 0) flags.push({ kind: 'same-address', members: sameAddress });
    if (bonus) {
      flags.push({
        kind: 'bonus-then-withdrawal',
        bonusAt: bonus.bonusAt.toISOString(),
        withdrawalAt: bonus.withdrawalAt.toISOString(),
        amount: fromMinor(bonus.amount),
      });
    }
    if (failures >= FAILED_SIGN_INS_FLAGGED) {
      flags.push({ kind: 'failed-sign-ins', count: failures, since: today.toISOString() });
    }
    return flags;
  }

  /**
   * A new temporary password, sent to the member's phone by SMS; their sessions end. Nothing
   * changes when the SMS cannot be sent (SMS_SEND_FAIL). At most RESETS_PER_DAY a member.
   */
  async resetPassword(memberId: number, reason: string, by: ChangedBy): Promise<void> {
    const { db, audit, auth, sms, sessions, counters } = this.deps;
    const member = await findMemberForStaff(db, memberId);
    if (!member) throw new DomainError('NO_USER');
    await spendOne(counters, `password-reset:${memberId}`, DAY_MS, RESETS_PER_DAY, 'REQUEST_LIMIT');
    const password = Array.from(
      { length: 10 },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await updateMember(tx, memberId, { passwordHash });
      const ended = await auth.revokeOtherSessions(tx, memberId, '');
      await audit.append(
        {
          ...by,
          action: 'member.password-reset',
          target: `member:${memberId}`,
          reason,
          after: { sessionsEnded: ended },
        },
        tx,
      );
      // Last, so a gateway's refusal rolls the new password back.
      try {
        await sms.sendPassword({ phone: member.username, password });
      } catch {
        throw new DomainError('SMS_SEND_FAIL');
      }
    });
    await sessions.forgetMember(memberId);
  }

  /** Lifts the member's sign-in lock (failed passwords), for every address. */
  async clearSignInLock(memberId: number, reason: string, by: ChangedBy): Promise<void> {
    const { db, audit, auth } = this.deps;
    const member = await findMemberForStaff(db, memberId);
    if (!member) throw new DomainError('NO_USER');
    await auth.clearSignInLock(memberId, member.username);
    await audit.append({
      ...by,
      action: 'member.sign-in-unlock',
      target: `member:${memberId}`,
      reason,
    });
  }

  /** Ends every session of the member: each device signs in again. */
  async endSessions(memberId: number, reason: string, by: ChangedBy): Promise<void> {
    const { db, audit, auth, sessions } = this.deps;
    await db.transaction(async (tx) => {
      if (!(await findMemberForStaff(tx, memberId))) throw new DomainError('NO_USER');
      const ended = await auth.revokeOtherSessions(tx, memberId, '');
      await audit.append(
        {
          ...by,
          action: 'member.sessions-end',
          target: `member:${memberId}`,
          reason,
          after: { sessionsEnded: ended },
        },
        tx,
      );
    });
    await sessions.forgetMember(memberId);
  }

  /** A note for other staff, kept with who wrote it. */
  async addNote(memberId: number, body: string, by: ChangedBy): Promise<void> {
    const { db, audit } = this.deps;
    await db.transaction(async (tx) => {
      if (!(await findMemberForStaff(tx, memberId))) throw new DomainError('NO_USER');
      const staff = by.actor?.username ?? '';
      const { id } = await insertMemberNote(tx, { memberId, staff, body });
      await audit.append(
        { ...by, action: 'member.note', target: `member:${memberId}`, after: { note: id, body } },
        tx,
      );
    });
  }

  /** Replaces the member's tags (sorted, each once). */
  async setTags(memberId: number, tags: string[], by: ChangedBy): Promise<string[]> {
    const { db, audit } = this.deps;
    const next = [...new Set(tags)].sort();
    await db.transaction(async (tx) => {
      const before = await replaceMemberField(tx, memberId, 'tags', next);
      if (before === null) throw new DomainError('NO_USER');
      await audit.append(
        {
          ...by,
          action: 'member.tags',
          target: `member:${memberId}`,
          before: { tags: before },
          after: { tags: next },
        },
        tx,
      );
    });
    return next;
  }

  /**
   * Corrects the member's bank account name as the bank writes it (a payout refused for the
   * name); KTB, TMB and BBL take Latin names only, as at registration.
   */
  async renameBankAccount(
    memberId: number,
    bankAccountName: string,
    reason: string,
    by: ChangedBy,
  ) {
    const { db, audit } = this.deps;
    await db.transaction(async (tx) => {
      const member = await findMemberForStaff(tx, memberId);
      if (!member) throw new DomainError('NO_USER');
      if (needsLatinName(member.bankCode) && !isLatinName(bankAccountName)) {
        throw new DomainError('BANK_ACCOUNT_NAME_ENG', { field: 'bankAccountName' });
      }
      await updateMember(tx, memberId, { bankAccountName });
      await audit.append(
        {
          ...by,
          action: 'member.bank-account-name',
          target: `member:${memberId}`,
          reason,
          before: { bankAccountName: member.bankAccountName },
          after: { bankAccountName },
        },
        tx,
      );
    });
  }

  /**
   * A deactivated member's sessions end at once and their calls answer `INACTIVE_USER` (on
   * other processes within SESSION_CACHE_MS); a reactivated member signs in again.
   */
  async setActive(memberId: number, active: boolean, reason: string, by: ChangedBy) {
    const { db, audit, auth, sessions } = this.deps;
    await db.transaction(async (tx) => {
      const before = await replaceMemberField(tx, memberId, 'active', active);
      if (before === null) throw new DomainError('NO_USER');
      if (!active) await auth.revokeOtherSessions(tx, memberId, '');
      await audit.append(
        {
          ...by,
          action: active ? 'member.reactivate' : 'member.deactivate',
          target: `member:${memberId}`,
          reason,
          before: { active: before },
          after: { active },
        },
        tx,
      );
    });
    if (!active) await sessions.forgetMember(memberId);
  }
}
