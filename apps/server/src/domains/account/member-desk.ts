import { fromMinor } from '@wallet/contract/money';
import type { MemberDetail, MemberSummary } from '@wallet/contract/staff';
import type { AuditLog } from '../../core/audit/audit';
import type { Ledger } from '../../core/ledger/ledger';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { AuthService } from '../auth/auth.service';
import type { SessionCache } from '../auth/session-cache';
import type { ChangedBy } from '../staff/staff-accounts';
import { findMemberForStaff, searchMembers, setMemberActive } from './account.repository';

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
