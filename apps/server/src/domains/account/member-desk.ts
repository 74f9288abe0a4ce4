import { isLatinName, needsLatinName } from '@wallet/contract/account';
import { fromMinor } from '@wallet/contract/money';
import type { MemberDetail, MemberSummary } from '@wallet/contract/staff';
import type { AuditLog } from '../../core/audit/audit';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { AuthService } from '../auth/auth.service';
import type { SessionCache } from '../auth/session-cache';
import type { ChangedBy } from '../staff/staff-accounts';
import {
  findMemberForStaff,
  searchMembers,
  setMemberActive,
  updateMember,
} from './account.repository';

export type MemberDeskDeps = {
  db: Db;
  audit: AuditLog;
  ledger: Ledger;
  auth: Pick<AuthService, 'revokeOtherSessions' | 'sessionsOf'>;
  sessions: SessionCache;
};

/**
 * Members as staff see and change them (docs/backoffice.md): found by phone, name, bank account,
 * id or invite code; deactivated and reactivated with a reason, in the audit log.
 */
export class MemberDesk {
  constructor(private readonly deps: MemberDeskDeps) {}

  async search(q: string): Promise<MemberSummary[]> {
    const rows = await searchMembers(this.deps.db, q);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  /** One member's page: profile, balances, latest movements, sessions and status history. */
  async detail(memberId: number): Promise<MemberDetail> {
    const { db, ledger, audit, auth } = this.deps;
    const member = await findMemberForStaff(db, memberId);
    if (!member) throw new DomainError('NO_USER');
    const [balances, movements, sessions, history] = await Promise.all([
      ledger.memberBalances(db, memberId),
      ledger.recentTransactions(db, memberId, 50),
      auth.sessionsOf(memberId),
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
      history,
    };
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
      const before = await setMemberActive(tx, memberId, active);
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
    if (!active) sessions.forgetMember(memberId);
  }
}
